import Foundation
import LoopbackHTTP

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension GitHubConfiguration {
  /// The request for one page of a repository search.
  ///
  /// The first page is built with `URLComponents` from ``apiURL``; a next page is the server's
  /// own `Link` target, followed only when it points at the same server as ``apiURL`` (so the
  /// token is never sent elsewhere).
  ///
  /// - Throws: ``SearchError/invalidResponse(_:)`` for a link to another server.
  public func urlRequest(for page: SearchPageRequest) throws(SearchError) -> URLRequest {
    let url: URL
    switch page {
    case .firstPage(let query):
      url = searchURL(query: query)
    case .nextPage(let link):
      guard isSameServer(link.url) else {
        throw .invalidResponse(
          "the next-page link points to another server (\(link.url.host ?? "no host"))")
      }
      url = link.url
    }
    return request(for: url)
  }

  /// The request for one repository, `GET …/repos/{owner}/{repo}`, each part percent-encoded.
  ///
  /// - Throws: ``SearchError/invalidResponse(_:)`` when `fullName` is not `owner/name` (a name
  ///   from a server is checked before it becomes a path).
  public func urlRequest(forRepository fullName: String) throws(SearchError) -> URLRequest {
    let parts = fullName.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else {
      throw .invalidResponse("not a repository name: \(SearchError.oneLine(fullName))")
    }
    let path = "/repos/" + parts.map { Self.percentEncoded(String($0)) }.joined(separator: "/")
    return request(for: url(path: path, query: nil))
  }

  /// A `GET` of `url` with GitHub's headers, and the token when there is one.
  private func request(for url: URL) -> URLRequest {
    var request = URLRequest(url: url)
    request.httpMethod = "GET"
    request.setValue("application/vnd.github+json", forHTTPHeaderField: "Accept")
    request.setValue("2022-11-28", forHTTPHeaderField: "X-GitHub-Api-Version")
    request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
    if let token { request.setValue(token.authorization, forHTTPHeaderField: "Authorization") }
    return request
  }

  /// `…/search/repositories?q=…&per_page=…`, with `q` percent-encoded so that `+`, `#`, `&`,
  /// `=` and spaces stay inside the query.
  ///
  /// `URLQueryItem` leaves `+` alone, and servers read a bare `+` as a space (`c++` would become
  /// `c  `); only the unreserved characters of RFC 3986 are left unencoded here.
  func searchURL(query: String) -> URL {
    url(
      path: "/search/repositories",
      query: ["q=" + Self.percentEncoded(query), "per_page=\(pageSize)"].joined(separator: "&"))
  }

  /// ``apiURL`` followed by `path` (already percent-encoded) and `query`.
  private func url(path: String, query: String?) -> URL {
    var components = URLComponents(url: apiURL, resolvingAgainstBaseURL: true)!
    let base = components.percentEncodedPath
    components.percentEncodedPath = (base.hasSuffix("/") ? String(base.dropLast()) : base) + path
    components.percentEncodedQuery = query
    components.fragment = nil
    return components.url!
  }

  /// Whether `url` has the scheme, host and port of ``apiURL``.
  func isSameServer(_ url: URL) -> Bool {
    HTTPFetcher.isSameOrigin(url, as: apiURL)
  }

  /// `value` with everything but RFC 3986's unreserved characters percent-encoded as UTF-8.
  static func percentEncoded(_ value: String) -> String {
    value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
  }

  private static let unreserved = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
