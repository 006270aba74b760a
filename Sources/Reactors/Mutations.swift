/// What ``Reactor/mutate(action:)`` answers: mutations to apply now, and asynchronous work that
/// applies more of them later.
///
/// Build it from a few combinators. Immediate mutations (``just(_:)``, and ``concat(_:)-(Mutations...)`` of
/// them) are reduced before `send` returns. Asynchronous work (``run(priority:_:catch:)``) runs in
/// a `Task` owned by the reactor; it is cancelled when the reactor is released.
///
/// ```swift
/// func mutate(action: Action) -> Mutations<Mutation> {
///   switch action {
///   case .updateQuery(let query):
///     return .concat(
///       .just(.setQuery(query)),
///       .run { [search] send in
///         let page = try await search(query, 1)
///         send(.setRepositories(page.items, nextPage: page.nextPage))
///       }
///       .take(until: self.action.filter { if case .updateQuery = $0 { true } else { false } })
///     )
///   }
/// }
/// ```
public struct Mutations<Mutation: Sendable>: Sendable {
  @usableFromInline let node: MutationNode<Mutation>

  @inlinable init(_ node: MutationNode<Mutation>) {
    self.node = node
  }

  /// No mutation at all.
  @inlinable public static var none: Mutations { Mutations(.none) }

  /// One mutation, applied immediately.
  @inlinable public static func just(_ mutation: Mutation) -> Mutations {
    Mutations(.just(mutation))
  }

  /// Runs the parts one after another: each starts when the previous one has finished.
  public static func concat(_ parts: Mutations...) -> Mutations {
    concat(parts)
  }

  /// Runs the parts one after another: each starts when the previous one has finished.
  public static func concat(_ parts: [Mutations]) -> Mutations {
    combine(parts, into: MutationNode.concat)
  }

  /// Runs the parts at the same time; their mutations interleave as they come.
  public static func merge(_ parts: Mutations...) -> Mutations {
    merge(parts)
  }

  /// Runs the parts at the same time; their mutations interleave as they come.
  public static func merge(_ parts: [Mutations]) -> Mutations {
    combine(parts, into: MutationNode.merge)
  }

  /// Asynchronous work that may emit any number of mutations through `send`, throw, or be
  /// cancelled.
  ///
  /// The work runs in a `Task`. Capture what it needs (clients, values), not the reactor: a
  /// captured `self` keeps the reactor alive until the work ends.
  ///
  /// An error thrown by `operation` never stops the reactor. It goes to `handler`, which can turn
  /// it into mutations; without a handler it is reported to the reactor's diagnostics and dropped.
  /// Cancellation is not an error: the handler does not see it. Either way, the enclosing
  /// ``concat(_:)-(Mutations...)`` continues with its next part.
  ///
  /// - Parameters:
  ///   - priority: The priority of the task; inherited when `nil`.
  ///   - operation: The work; call `send(mutation)` as often as needed.
  ///   - handler: Turns a thrown error into mutations.
  public static func run(
    priority: TaskPriority? = nil,
    _ operation: @escaping @Sendable (_ send: Send<Mutation>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Mutation>) async -> Void)? = nil
  ) -> Mutations {
    Mutations(.run(EffectOperation(priority: priority, body: operation, handler: handler)))
  }

  private static func combine(
    _ parts: [Mutations], into make: ([MutationNode<Mutation>]) -> MutationNode<Mutation>
  ) -> Mutations {
    let nodes = parts.compactMap { part -> MutationNode<Mutation>? in
      if case .none = part.node { return nil }
      return part.node
    }
    switch nodes.count {
    case 0: return .none
    case 1: return Mutations(nodes[0])
    default: return Mutations(make(nodes))
    }
  }
}
