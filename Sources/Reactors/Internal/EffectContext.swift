/// What an effect task knows about where it runs: its reactor, held weakly, and the action whose
/// `mutate` started it.
///
/// Every call goes through the reactor's storage, under its lock; once the reactor is released,
/// every call does nothing.
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

  @inlinable func waitForTurn(of scope: EffectScope) async -> Bool {
    guard let storage = reactor?.runtime.storage else { return false }
    return await storage.waitForTurn(of: scope)
  }
}
