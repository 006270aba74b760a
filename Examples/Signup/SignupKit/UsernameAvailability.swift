/// GitHub's answer about a username that keeps every ``UsernameRule``.
public enum UsernameAvailability: Sendable, Hashable {
  /// No account uses the name (`GET /users/{name}` answered 404).
  case available
  /// A user or an organization already has it (`GET /users/{name}` answered 200).
  case taken
}
