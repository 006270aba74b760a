/// The reactor's action input, as ReactorKit's `reactor.action`: send to it, or filter it into an
/// ``ActionPredicate`` for ``Mutations/take(until:)``.
public struct ActionSubject<Action: Sendable>: Sendable {
  let deliver: @Sendable (Action) -> Void

  /// Sends an action to the reactor; the same as ``Reactor/send(_:isolation:)``.
  public func send(_ action: Action) {
    deliver(action)
  }

  /// A predicate matching the actions for which `isIncluded` returns `true`.
  public func filter(_ isIncluded: @escaping @Sendable (Action) -> Bool) -> ActionPredicate<Action>
  {
    ActionPredicate(isIncluded)
  }
}
