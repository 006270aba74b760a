import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why an ``HTTPFetcher`` got no complete answer, as one plain sentence that names the server
/// and never the request's path, query or headers (no token or search leaks to a log).
public struct HTTPFetchError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  public enum Reason: Sendable, Hashable {
    /// No complete answer before the fetcher's deadline.
    case timedOut(Duration)
    /// The body grew past this many bytes; the transfer was stopped there.
    case bodyTooLarge(limit: Int)
    /// The connection was refused or could not be opened.
    case cannotConnect
    /// The host name did not resolve.
    case cannotFindHost
    /// The machine has no network.
    case notConnectedToInternet
    /// The connection broke before the answer was complete.
    case connectionLost
    /// The server redirected more often than the session follows (20).
    case tooManyRedirects
    /// The answer was not valid HTTP.
    case brokenResponse
    /// TLS failed.
    case insecureConnection
    /// Any other transport failure.
    case failed
  }

  /// What went wrong.
  public var reason: Reason
  /// `host` or `host:port`, as the request named it.
  public var server: String

  /// Makes an error about `server`.
  public init(_ reason: Reason, server: String) {
    self.reason = reason
    self.server = server
  }

  /// The error a `URLError` from a request to `url` stands for; `.timedOut` ran into `deadline`.
  init(_ error: URLError, url: URL?, deadline: Duration) {
    let reason: Reason =
      switch error.code {
      case .timedOut: .timedOut(deadline)
      case .cannotConnectToHost: .cannotConnect
      case .cannotFindHost, .dnsLookupFailed: .cannotFindHost
      case .notConnectedToInternet: .notConnectedToInternet
      case .networkConnectionLost: .connectionLost
      case .httpTooManyRedirects, .redirectToNonExistentLocation: .tooManyRedirects
      case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData,
        .cannotDecodeContentData:
        .brokenResponse
      case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
        .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot,
        .clientCertificateRejected, .clientCertificateRequired:
        .insecureConnection
      default: .failed
      }
    self.init(reason, server: Self.serverName(of: url))
  }

  /// Whether the server could not be reached at all (as opposed to failing mid-answer).
  public var isUnreachable: Bool {
    [.cannotConnect, .cannotFindHost, .notConnectedToInternet].contains(reason)
  }

  /// One sentence, such as `could not connect to 127.0.0.1:8080`.
  public var description: String {
    switch reason {
    case .timedOut(let limit): "\(server) did not answer within \(limit.secondsText)"
    case .bodyTooLarge(let limit): "\(server) sent an answer larger than \(Self.size(limit))"
    case .cannotConnect: "could not connect to \(server)"
    case .cannotFindHost: "could not find \(server)"
    case .notConnectedToInternet: "no network connection"
    case .connectionLost: "the connection to \(server) broke before the answer was complete"
    case .tooManyRedirects: "\(server) redirected too many times"
    case .brokenResponse: "\(server) sent a broken HTTP answer"
    case .insecureConnection: "the secure connection to \(server) failed"
    case .failed: "the request to \(server) failed"
    }
  }

  /// `host:port`, or `host` when the URL has no port.
  static func serverName(of url: URL?) -> String {
    guard let url, let host = url.host else { return "the server" }
    return url.port.map { "\(host):\($0)" } ?? host
  }

  /// `8 MiB`, `64 KiB`, `100 bytes`.
  static func size(_ bytes: Int) -> String {
    if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
    return "\(bytes) bytes"
  }
}
