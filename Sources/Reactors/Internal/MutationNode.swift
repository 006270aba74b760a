/// The tree behind ``Mutations``, read by the runtime. No payload's layout depends on `Mutation`
/// (`just` is boxed: ``Mutations`` keeps up to two immediate ones inline), so a node's copies and
/// destruction need no generic metadata, even in unspecialised code.
@usableFromInline enum MutationNode<Mutation: Sendable>: Sendable {
  case none
  indirect case just(Mutation)
  case concat([MutationNode])
  case merge([MutationNode])
  case run(EffectOperation<Mutation>)
  indirect case scoped(ScopeSpecification, MutationNode)
  // NB: boxed, so the existential inside the id does not make every node's layout larger.
  indirect case cancel(EffectID)
  /// Waits, then runs the inner work; the wait's deadline is fixed when the node starts.
  indirect case delayed(Delay, MutationNode)

  @inlinable var isNone: Bool { if case .none = self { true } else { false } }
}

/// How a scoped piece of work may be cancelled, as written in `mutate`.
@usableFromInline enum ScopeSpecification: Sendable {
  /// Holds an `ActionPredicate<Action>`; the runtime checks the action type when it starts.
  case takeUntil(any Sendable)
  case cancellable(EffectKey, CancellationPolicy)
  /// Runs the work now, when its id's interval ends, or not at all.
  case throttle(Throttle)
}

/// The identity a cancellable piece of work is registered under.
@usableFromInline enum EffectKey: Sendable {
  case id(EffectID)
  /// The case name of the action whose `mutate` produced the work.
  case actionCase
}

/// The asynchronous body of a ``Mutations/run(_:catch:)``.
@usableFromInline struct EffectOperation<Mutation: Sendable>: Sendable {
  // NB: the priority is stored raw: a `TaskPriority` (resilient) would give every `MutationNode`
  // a layout known only at run time. The closures first, so it takes 2 bytes after them, not 8.
  @usableFromInline let body:
    nonisolated(nonsending) @Sendable (Send<Mutation>) async throws -> Void
  @usableFromInline let handler:
    (nonisolated(nonsending) @Sendable (any Error, Send<Mutation>) async -> Void)?
  @usableFromInline let rawPriority: UInt8?

  @inlinable init(
    rawPriority: UInt8?,
    body: nonisolated(nonsending) @escaping @Sendable (Send<Mutation>) async throws -> Void,
    handler: (nonisolated(nonsending) @Sendable (any Error, Send<Mutation>) async -> Void)?
  ) {
    self.rawPriority = rawPriority
    self.body = body
    self.handler = handler
  }
}

/// A wait on an injected clock, in two steps: `begin()` fixes the deadline from `clock.now` when
/// the work starts, on the sender's thread, so that advancing a test clock after a send always
/// reaches it; the returned `Wait` sleeps until it, in the task, whenever that gets there.
@usableFromInline struct Delay: Sendable {
  @usableFromInline let begin: @Sendable () -> Wait

  @usableFromInline struct Wait: Sendable {
    @usableFromInline let sleep: @Sendable () async throws -> Void
  }

  init<C: Clock>(duration: Duration, clock: C) where C.Duration == Duration {
    begin = {
      let deadline = clock.now.advanced(by: duration)
      return Wait { try await clock.sleep(until: deadline, tolerance: nil) }
    }
  }
}
