/// Asks whether a username is free; a struct of closures so tests and offline mode swap it.
///
/// ```swift
/// let live = UsernameAvailabilityClient.live(apiURL: URL(string: "https://api.github.com")!)
/// let fixed = UsernameAvailabilityClient { name in name == "octocat" ? .taken : .available }
/// ```
///
/// Only names that keep every ``UsernameRule`` are asked about; the reactor checks the rules
/// first and debounces the requests.
public struct UsernameAvailabilityClient: Sendable {
  /// Answers ``UsernameAvailability/available`` or ``UsernameAvailability/taken``, or throws an
  /// ``AvailabilityCheckError`` when it can't tell.
  public var checkAvailability: @Sendable (_ username: String) async throws -> UsernameAvailability

  /// Makes a client from its one operation.
  public init(
    checkAvailability: @escaping @Sendable (_ username: String) async throws -> UsernameAvailability
  ) {
    self.checkAvailability = checkAvailability
  }
}
