import Foundation

/// A request a ``LoopbackServer`` received: the target kept raw and decoded as GitHub's API
/// decodes it (``path`` percent-decoded, ``queryItems`` form-decoded: `+` is a space).
public struct HTTPRequest: Sendable {
  /// The method, as sent (`GET`, `POST`, ...).
  public var method: String
  /// The request target exactly as it appeared on the request line.
  public var target: String
  /// The path part of the target, still percent-encoded.
  public var rawPath: String
  /// The path part of the target, percent-decoded (`%2F` becomes `/`: use ``pathSegments``).
  public var path: String
  /// The query string after `?`, still encoded, or `nil` when the target has no `?`.
  public var rawQuery: String?
  /// The query's `name=value` pairs in order (a `nil` value without `=`).
  public var queryItems: [URLQueryItem]
  /// The header fields, in the order they were received.
  public var headers: HTTPHeaders
  /// The body (empty when the request had none).
  public var body: Data
  /// The base URL of the server that received the request, for absolute links.
  public var serverBaseURL: URL?

  /// Makes a request from its parts, decoding `target` (`/path?query`) into its path and query.
  public init(method: String, target: String, headers: HTTPHeaders = [:], body: Data = Data()) {
    self.method = method
    self.target = target
    self.headers = headers
    self.body = body
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    rawPath = String(parts[0])
    rawQuery = parts.count == 2 ? String(parts[1]) : nil
    path = PercentDecoding.decode(rawPath)
    queryItems = (rawQuery ?? "").split(separator: "&").map { pair in
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      return URLQueryItem(
        name: PercentDecoding.decode(parts[0], plusAsSpace: true),
        value: parts.count == 2 ? PercentDecoding.decode(parts[1], plusAsSpace: true) : nil)
    }
  }

  /// The decoded value of the first query item named `name`, or `nil`.
  public func queryValue(for name: String) -> String? {
    queryItems.first { $0.name == name }?.value
  }

  /// The path's segments, each decoded after splitting (`octo%2Fcat` stays one).
  public var pathSegments: [String] {
    rawPath.split(separator: "/").map { PercentDecoding.decode($0) }
  }
}
