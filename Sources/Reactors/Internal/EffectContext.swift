/// What an effect task knows about where it runs: its reactor, held weakly, and the action whose
/// `mutate` started it.
///
/// Every call reaches the reactor's storage for a moment, under its lock, and lets it go again:
/// no reference to the reactor or its storage is held across a suspension, so a task that waits
/// (for a `.queue` turn, on a clock, on the network) never keeps a released reactor alive. Once
/// the reactor is released, every call does nothing.
@usableFromInline struct EffectContext<R: Reactor>: Sendable {
  @usableFromInline weak let reactor: R?
  @usableFromInline let action: R.Action

  @inlinable init(reactor: R, action: R.Action) {
    self.reactor = reactor
    self.action = action
  }

  @inlinable func emit(_ mutation: R.Mutation, in scope: EffectScope) {
    guard let reactor else { return }
    reactor.runtime.storage.emit(mutation, in: scope, reactor)
  }

  @inlinable func isActive(_ scope: EffectScope) -> Bool {
    reactor?.runtime.storage.isActive(scope) ?? false
  }

  @inlinable func register(
    _ specification: ScopeSpecification, parent: EffectScope
  )
    -> EffectRegistry<R.Action>.Registration
  {
    reactor?.runtime.storage.register(specification, parent: parent, action: action) ?? .skip
  }

  @inlinable func launch(
    _ node: MutationNode<R.Mutation>, in scope: EffectScope, waitingForTurn: Bool
  )
    -> Task<Void, Never>?
  {
    guard let reactor else { return nil }
    return reactor.runtime.storage.launch(
      node, in: scope, waitingForTurn: waitingForTurn, action: action, reactor)
  }

  @inlinable func finish(_ scope: EffectScope) {
    reactor?.runtime.storage.finish(scope)
  }

  @inlinable func cancel(id: EffectID) {
    reactor?.runtime.storage.cancel(id: id)
  }

  @inlinable func report(_ error: any Error) {
    reactor?.runtime.storage.report(error)
  }

  /// Waits until a `.queue` scope may run; `false` if it was cancelled meanwhile, or if the
  /// reactor is released (which cancels it).
  @inlinable func waitForTurn(of scope: EffectScope) async -> Bool {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        // The reactor is held only while the continuation is handed over, not while it waits.
        guard let reactor else { return continuation.resume(returning: false) }
        reactor.runtime.storage.awaitTurn(of: scope, continuation)
      }
    } onCancel: {
      reactor?.runtime.storage.cancel(scope)
    }
  }
}
