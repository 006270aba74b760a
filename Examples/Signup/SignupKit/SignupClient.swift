/// Creates an account; a struct of closures so the app, tests and previews swap it.
///
/// GitHub has no public sign-up API, so the app uses ``simulated(latency:failureRate:seed:clock:)``.
///
/// ```swift
/// let alwaysWorks = SignupClient { _, _ in }
/// ```
public struct SignupClient: Sendable {
  /// Creates the account, or throws an error whose description is shown to the user.
  ///
  /// > Important: The password must never appear in a log or in a thrown error.
  public var signUp: @Sendable (_ username: String, _ password: String) async throws -> Void

  /// Makes a client from its one operation.
  public init(
    signUp: @escaping @Sendable (_ username: String, _ password: String) async throws -> Void
  ) {
    self.signUp = signUp
  }
}
