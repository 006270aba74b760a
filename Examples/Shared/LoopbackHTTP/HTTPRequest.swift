import Foundation

/// A request a ``LoopbackServer`` received, as its handler sees it.
///
/// The target is kept raw and also decoded the way GitHub's API decodes it: ``path`` is
/// percent-decoded, and ``queryItems`` use form decoding (`+` is a space, then `%XX`), in order.
///
/// ```swift
/// // GET /search/repositories?q=c%2B%2B+stars%3A%3E10&page=2
/// request.path                    // "/search/repositories"
/// request.queryValue(for: "q")    // "c++ stars:>10"
/// request.queryValue(for: "page") // "2"
/// ```
public struct HTTPRequest: Sendable {
  /// The method, as sent (`GET`, `POST`, ...).
  public var method: String
  /// The request target exactly as it appeared on the request line.
  public var target: String
  /// The path part of the target, still percent-encoded.
  public var rawPath: String
  /// The path part of the target, percent-decoded (`%2F` becomes `/`: use ``rawPath`` to split).
  public var path: String
  /// The query string after `?`, still encoded, or `nil` when the target has no `?`.
  public var rawQuery: String?
  /// The query's `name=value` pairs in order, `+` read as a space and `%XX` decoded.
  ///
  /// A pair without `=` has a `nil` value; empty pairs (`a=1&&b=2`) are skipped.
  public var queryItems: [URLQueryItem]
  /// The header fields, in the order they were received.
  public var headers: HTTPHeaders
  /// The body (empty when the request had none).
  public var body: Data
  /// The base URL of the server that received the request (`http://127.0.0.1:PORT`), for
  /// building absolute URLs such as those of a `Link` header; `nil` for a request made by hand.
  ///
  /// ```swift
  /// let next = request.serverBaseURL!.appendingPathComponent("search/repositories")
  /// ```
  public var serverBaseURL: URL?

  /// Makes a request from its parts, decoding `target` into its path and query.
  ///
  /// - Parameters:
  ///   - method: The method, such as `GET`.
  ///   - target: An origin-form target (`/path?query`), as every client but a proxy's sends.
  ///   - headers: The header fields.
  ///   - body: The body.
  public init(method: String, target: String, headers: HTTPHeaders = [:], body: Data = Data()) {
    self.method = method
    self.target = target
    self.headers = headers
    self.body = body
    if let questionMark = target.firstIndex(of: "?") {
      rawPath = String(target[..<questionMark])
      rawQuery = String(target[target.index(after: questionMark)...])
    } else {
      rawPath = target
      rawQuery = nil
    }
    path = PercentDecoding.decode(rawPath)
    queryItems = Self.decodeQuery(rawQuery ?? "")
  }

  /// The decoded value of the first query item named `name`, or `nil`.
  public func queryValue(for name: String) -> String? {
    queryItems.first { $0.name == name }?.value
  }

  /// The path's segments, each percent-decoded after splitting (so `%2F` stays inside one).
  ///
  /// `/users/octo%2Fcat` gives `["users", "octo/cat"]`.
  public var pathSegments: [String] {
    rawPath.split(separator: "/", omittingEmptySubsequences: true).map {
      PercentDecoding.decode($0)
    }
  }

  private static func decodeQuery(_ query: String) -> [URLQueryItem] {
    query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
      guard let equals = pair.firstIndex(of: "=") else {
        return URLQueryItem(name: PercentDecoding.decode(pair, plusAsSpace: true), value: nil)
      }
      return URLQueryItem(
        name: PercentDecoding.decode(pair[..<equals], plusAsSpace: true),
        value: PercentDecoding.decode(pair[pair.index(after: equals)...], plusAsSpace: true)
      )
    }
  }
}
