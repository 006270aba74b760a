/// How a sign-up ended; the reactor publishes it once, as a `@Pulse`.
public enum SignupOutcome: Sendable, Hashable, Codable {
  /// The account was created; the message is for the user.
  case succeeded(String)
  /// The account was not created; the message says why.
  case failed(String)

  /// `succeeded` or `failed`.
  public var result: String {
    switch self {
    case .succeeded: "succeeded"
    case .failed: "failed"
    }
  }

  /// The message for the user.
  public var message: String {
    switch self {
    case .succeeded(let message), .failed(let message): message
    }
  }
}
