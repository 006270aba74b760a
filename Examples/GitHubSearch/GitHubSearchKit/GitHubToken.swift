import Foundation

/// A GitHub access token that never prints itself.
///
/// `print`, string interpolation, `dump`, `debugPrint` and the reactor's diagnostics all show
/// `<redacted>`; the value leaves the type only as the `Authorization` header of a request.
///
/// ```swift
/// let token = GitHubToken.fromEnvironment()  // GITHUB_TOKEN, if set and not blank
/// print("using \(token)")                    // using Optional(<redacted>)
/// ```
public struct GitHubToken: Sendable, Hashable {
  private let value: String

  /// Wraps `value`, or returns `nil` when it is blank.
  public init?(_ value: String) {
    let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { return nil }
    self.value = trimmed
  }

  /// The token in `GITHUB_TOKEN`, if that variable is set and not blank.
  public static func fromEnvironment(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> GitHubToken? {
    environment["GITHUB_TOKEN"].flatMap(GitHubToken.init)
  }

  /// The value of the `Authorization` header that presents the token.
  var authorization: String { "Bearer \(value)" }
}

extension GitHubToken: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
  /// Always `<redacted>`.
  public var description: String { "<redacted>" }
  /// Always `<redacted>`.
  public var debugDescription: String { "<redacted>" }
  /// A mirror without children, so `dump` and reflection-based printers see nothing.
  public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
