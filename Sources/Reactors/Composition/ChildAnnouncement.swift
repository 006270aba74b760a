/// An outcome a child announces, and what it becomes in the parent: how a child tells its parent
/// "done", "delete me" or "picked this", delegate style.
///
/// The child announces by assigning a ``Pulse`` of its state. The parent lists what it listens to
/// when it attaches the child, and turns each assignment into one of its mutations (to note the
/// outcome in its state) or one of its actions (to act on it: detach the child, start work):
///
/// ```swift
/// attach(
///   cell, id: todo.id, state: \.isDone, as: { .setDone(todo.id, $0) },
///   announcing: [
///     .pulse(\.$completion, as: { .noteCompleted($0) }),  // a mutation of the list
///     .pulse(\.$deletionRequest, send: { _ in .delete(todo.id) }),  // an action of the list
///   ])
/// ```
///
/// Either way it comes in order with the child's states, after the child committed the state
/// that assigned it, and never once the child is detached.
public struct ChildAnnouncement<Child: Reactor, Parent: Reactor>: Sendable {
  /// Subscribes to the child, delivering each announcement into the parent.
  let subscribe: @Sendable (Child, ParentInbox<Parent>) -> StateObservation

  /// Every assignment of the child's pulse at `keyPath` after it is attached, as the parent's
  /// mutation `mutation(value)`.
  ///
  /// As with ``Reactor/observe(pulse:_:)``, a value assigned before the child was attached is
  /// not announced, and assigning an equal value again is announced again.
  public static func pulse<Value: Sendable>(
    _ keyPath: KeyPath<Child.State, Pulse<Value>> & Sendable,
    as mutation: @escaping @Sendable (Value) -> Parent.Mutation
  ) -> ChildAnnouncement {
    ChildAnnouncement { child, inbox in
      child.observe(pulse: keyPath) { value in inbox.send(mutation(value)) }
    }
  }

  /// Every assignment of the child's pulse at `keyPath` after it is attached, sent to the parent
  /// as the action `action(value)`: for outcomes the parent acts on in `mutate`, such as a
  /// child's request to be removed.
  public static func pulse<Value: Sendable>(
    _ keyPath: KeyPath<Child.State, Pulse<Value>> & Sendable,
    send action: @escaping @Sendable (Value) -> Parent.Action
  ) -> ChildAnnouncement {
    ChildAnnouncement { child, inbox in
      child.observe(pulse: keyPath) { value in inbox.send(action: action(value)) }
    }
  }
}
