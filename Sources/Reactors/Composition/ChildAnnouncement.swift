/// An outcome a child announces, and the parent mutation it becomes: how a child tells its parent
/// "done", "delete me" or "selected", delegate style.
///
/// The child announces by assigning a ``Pulse`` of its state; the parent lists what it listens to
/// when it attaches the child, and gets one mutation per assignment, in order with the child's
/// state:
///
/// ```swift
/// attach(
///   cell, id: todo.id, state: \.isDone, as: { .setDone(todo.id, $0) },
///   announcing: [.pulse(\.$deleteRequest, as: { _ in .remove(todo.id) })])
/// ```
public struct ChildAnnouncement<Child: Reactor, Mutation: Sendable>: Sendable {
  /// Subscribes to the child, delivering each announcement as a parent mutation.
  let subscribe:
    @Sendable (Child, _ deliver: @escaping @Sendable (Mutation) -> Void) -> StateObservation

  /// Every assignment of the child's pulse at `keyPath` after it is attached, as `mutation(value)`.
  ///
  /// As with ``Reactor/observe(pulse:_:)``, a value assigned before the child was attached is
  /// not announced, and assigning an equal value again is announced again.
  public static func pulse<Value: Sendable>(
    _ keyPath: KeyPath<Child.State, Pulse<Value>> & Sendable,
    as mutation: @escaping @Sendable (Value) -> Mutation
  ) -> ChildAnnouncement {
    ChildAnnouncement { child, deliver in
      child.observe(pulse: keyPath) { value in deliver(mutation(value)) }
    }
  }
}
