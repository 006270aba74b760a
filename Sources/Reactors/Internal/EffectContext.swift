/// What an effect task knows about where it runs: its reactor, held weakly, and the action whose
/// `mutate` started it.
///
/// Every call goes through the reactor's storage, under its lock; once the reactor is released,
/// every call does nothing.
struct EffectContext<R: Reactor>: Sendable {
  weak let reactor: R?
  let action: R.Action

  init(reactor: R, action: R.Action) {
    self.reactor = reactor
    self.action = action
  }

  func emit(_ mutation: R.Mutation, in scope: EffectScope) {
    guard let reactor else { return }
    reactor.runtime.storage.emit(mutation, in: scope, reactor)
  }

  func isActive(_ scope: EffectScope) -> Bool {
    reactor?.runtime.storage.isActive(scope) ?? false
  }

  func register(
    _ specification: ScopeSpecification, parent: EffectScope
  )
    -> EffectRegistry<R.Action>.Registration
  {
    reactor?.runtime.storage.register(specification, parent: parent, action: action) ?? .skip
  }

  func launch(
    _ node: MutationNode<R.Mutation>, in scope: EffectScope, waitingForTurn: Bool
  )
    -> Task<Void, Never>?
  {
    guard let reactor else { return nil }
    return reactor.runtime.storage.launch(
      node, in: scope, waitingForTurn: waitingForTurn, action: action, reactor)
  }

  func finish(_ scope: EffectScope) {
    reactor?.runtime.storage.finish(scope)
  }

  func cancel(id: EffectID) {
    reactor?.runtime.storage.cancel(id: id)
  }

  func report(_ error: any Error) {
    reactor?.runtime.storage.report(error)
  }

  func waitForTurn(of scope: EffectScope) async -> Bool {
    guard let storage = reactor?.runtime.storage else { return false }
    return await storage.waitForTurn(of: scope)
  }
}
