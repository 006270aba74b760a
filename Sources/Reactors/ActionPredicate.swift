/// A test on actions, used by ``Mutations/take(until:)`` to stop work when a later action arrives.
///
/// Get one from the reactor, which fixes the action type for you:
/// `action.filter { if case .updateQuery = $0 { true } else { false } }`.
public struct ActionPredicate<Action: Sendable>: Sendable {
  let matches: @Sendable (Action) -> Bool

  /// Makes a predicate from a closure.
  public init(_ matches: @escaping @Sendable (Action) -> Bool) {
    self.matches = matches
  }
}
