/// A test on actions, used by ``Mutations/take(until:)`` to stop work when a later action arrives.
///
/// Get one from the reactor, which fixes the action type for you:
/// `self.action.filter { if case .updateQuery = $0 { true } else { false } }`. Don't pass an
/// instance method of the reactor: it would capture the reactor while the work runs.
public struct ActionPredicate<Action: Sendable>: Sendable {
  let matches: @Sendable (Action) -> Bool

  /// Makes a predicate from a closure.
  public init(_ matches: @escaping @Sendable (Action) -> Bool) {
    self.matches = matches
  }
}
