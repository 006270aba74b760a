import Foundation

/// Where an example's requests go, as `--offline` and `--api-url URL` choose.
public enum APIServer: Sendable, Equatable {
  /// `https://api.github.com`, the default.
  case gitHub
  /// Another GitHub-compatible API (GitHub Enterprise: `https://HOST/api/v3`).
  case custom(URL)
  /// The embedded server on 127.0.0.1.
  case offline

  /// The API's root URL; `nil` offline, where the server picks its port when it starts.
  public var url: URL? {
    switch self {
    case .gitHub: URL(string: "https://api.github.com")
    case .custom(let url): url
    case .offline: nil
    }
  }

  /// Switches to `server`; saying the same twice is fine.
  ///
  /// - Throws: ``UsageError`` when `--offline` and `--api-url` are both given.
  public mutating func choose(_ server: APIServer) throws(UsageError) {
    switch (self, server) {
    case (.offline, .custom), (.custom, .offline):
      throw UsageError("--offline and --api-url cannot be combined")
    default: self = server
    }
  }
}
