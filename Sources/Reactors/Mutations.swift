/// What ``Reactor/mutate(action:)`` answers: mutations to apply now, and asynchronous work that
/// applies more of them later.
///
/// Build it from a few combinators. Immediate mutations (``just(_:)``, and ``concat(_:)-(Mutations...)`` of
/// them) are reduced before `send` returns. Asynchronous work (``run(_:catch:)``) runs in
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
  // NB: up to two immediate mutations up front are stored inline, before the tree of everything
  // else, so the common answers — `.just(m)`, `.concat(.just(a), .just(b))`,
  // `.concat(.just(a), .run { ... })` — need no array and no box for their immediate part.

  /// The first immediate mutation, applied before anything else.
  @usableFromInline let first: Mutation?
  /// The second immediate mutation, applied after `first`.
  @usableFromInline let second: Mutation?
  /// Everything else, started once the inline mutations are applied.
  @usableFromInline let rest: MutationNode<Mutation>

  @inlinable init(first: Mutation?, second: Mutation?, rest: MutationNode<Mutation> = .none) {
    self.first = first
    self.second = second
    self.rest = rest
  }

  @inlinable init(_ node: MutationNode<Mutation>) {
    switch node {
    case .none: self.init(first: nil, second: nil)
    case .just(let mutation): self.init(first: mutation, second: nil)
    default: self.init(first: nil, second: nil, rest: node)
    }
  }

  /// The answer as one tree node, for combining.
  @inlinable var node: MutationNode<Mutation> {
    guard let first else { return rest }
    if second == nil, rest.isNone { return .just(first) }
    var parts: [MutationNode<Mutation>] = [.just(first)]
    if let second { parts.append(.just(second)) }
    if !rest.isNone { parts.append(rest) }
    return .concat(parts)
  }

  /// This answer, then `next`, without an array node when that fits: nothing follows, or this
  /// answer is only immediate mutations and they fit in front of `next`'s inline ones.
  @inlinable func followed(by next: Mutations) -> Mutations? {
    if next.first == nil, next.rest.isNone { return self }
    guard rest.isNone else { return nil }
    guard let first else { return next }
    if let second {
      return next.first == nil ? Mutations(first: first, second: second, rest: next.rest) : nil
    }
    return next.second == nil ? Mutations(first: first, second: next.first, rest: next.rest) : nil
  }

  /// No mutation at all.
  @inlinable public static var none: Mutations { Mutations(first: nil, second: nil) }

  /// One mutation, applied immediately.
  @inlinable public static func just(_ mutation: Mutation) -> Mutations {
    Mutations(first: mutation, second: nil)
  }

  /// Runs `first`, then `second` once `first` has finished.
  @inlinable public static func concat(_ first: Mutations, _ second: Mutations) -> Mutations {
    first.followed(by: second) ?? concatArray([first, second])
  }

  /// Runs the parts one after another: each starts when the previous one has finished.
  @_disfavoredOverload  // NB: two parts take the allocation-free `concat(_:_:)`.
  public static func concat(_ parts: Mutations...) -> Mutations {
    concat(parts)
  }

  /// Runs the parts one after another: each starts when the previous one has finished.
  @usableFromInline static func concatArray(_ parts: [Mutations]) -> Mutations {
    combine(parts, into: MutationNode.concat)
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
  /// The work runs in a `Task` that inherits its priority from the task running the step,
  /// usually the sender's; ``run(priority:_:catch:)`` chooses one. Capture what it needs
  /// (clients, values), not the reactor: a captured `self` keeps the reactor alive until the work
  /// ends.
  ///
  /// The task starts on the actor the action was sent from, and `operation` is
  /// `nonisolated(nonsending)`: sent from the main actor, its synchronous parts and its `send`s
  /// run on the main actor until it awaits something isolated elsewhere (as SE-0461 runs a
  /// nonisolated async function on its caller's actor). Sent from a nonisolated context, it runs
  /// on the global executor. Work that must leave the sender's actor, such as a long computation,
  /// says so with ``run(priority:isolation:_:catch:)``.
  ///
  /// An error thrown by `operation` never stops the reactor. It goes to `handler`, which can turn
  /// it into mutations; without a handler it is reported to the reactor's diagnostics and dropped.
  /// Cancellation is not an error: the handler does not see it. Either way, the enclosing
  /// ``concat(_:)-(Mutations...)`` continues with its next part.
  ///
  /// - Parameters:
  ///   - operation: The work; call `send(mutation)` as often as needed.
  ///   - handler: Turns a thrown error into mutations.
  @inlinable public static func run(
    _ operation:
      nonisolated(nonsending) @escaping @Sendable (_ send: Send<Mutation>) async throws
      -> Void,
    catch handler: (
      nonisolated(nonsending) @Sendable (_ error: any Error, _ send: Send<Mutation>) async
        -> Void
    )? = nil
  ) -> Mutations {
    // NB: an overload of its own, without a `priority` defaulting to `nil`: `TaskPriority` is a
    // resilient type, and even a `nil` one is formed through value witnesses.
    Mutations(
      first: nil, second: nil,
      rest: .run(EffectOperation(rawPriority: nil, body: operation, handler: handler)))
  }

  /// Asynchronous work, as ``run(_:catch:)``, in a task of the given priority.
  ///
  /// - Parameters:
  ///   - priority: The priority of the task; inherited when `nil`.
  ///   - operation: The work; call `send(mutation)` as often as needed.
  ///   - handler: Turns a thrown error into mutations.
  public static func run(
    priority: TaskPriority?,
    _ operation:
      nonisolated(nonsending) @escaping @Sendable (_ send: Send<Mutation>) async throws
      -> Void,
    catch handler: (
      nonisolated(nonsending) @Sendable (_ error: any Error, _ send: Send<Mutation>) async
        -> Void
    )? = nil
  ) -> Mutations {
    Mutations(
      first: nil, second: nil,
      rest: .run(
        EffectOperation(rawPriority: priority?.rawValue, body: operation, handler: handler)))
  }

  static func combine(
    _ parts: [Mutations], into make: ([MutationNode<Mutation>]) -> MutationNode<Mutation>
  ) -> Mutations {
    var nodes: [MutationNode<Mutation>] = []
    nodes.reserveCapacity(parts.count)
    for part in parts {
      let node = part.node
      if case .none = node { continue }
      nodes.append(node)
    }
    switch nodes.count {
    case 0: return .none
    case 1: return Mutations(nodes[0])
    default: return Mutations(make(nodes))
    }
  }
}
