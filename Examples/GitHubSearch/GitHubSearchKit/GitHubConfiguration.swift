import Foundation

/// Where the client sends its requests and how: the API's address, the token, the page size.
public struct GitHubConfiguration: Sendable {
  /// `https://api.github.com`, the public API.
  public static let publicAPI = URL(string: "https://api.github.com")!

  /// The most results GitHub lets a search page through; later pages answer 422.
  public static let resultCap = 1000

  /// The largest page size GitHub accepts (`per_page`).
  public static let maximumPageSize = 100

  /// The root of the API: ``publicAPI``, a GitHub Enterprise `https://host/api/v3`, or the
  /// offline server.
  public var apiURL: URL
  /// Sent as `Authorization: Bearer …` when present; never printed.
  public var token: GitHubToken?
  /// Results per page (`per_page`), between 1 and ``maximumPageSize``.
  public var pageSize: Int
  /// The `User-Agent` header; GitHub refuses requests without one.
  public var userAgent: String
  /// The longest one page request may take, from the first byte sent to the last received,
  /// redirects included; past it the search fails with a network error that names it.
  public var requestTimeout: Duration
  /// What network errors call the server, such as `the offline server`, instead of its
  /// `host:port`; `nil` names it by its address. An embedded server's address is one the person
  /// never gave, so it would tell them nothing.
  public var serverName: String?

  /// Makes a configuration; `pageSize` is clamped to 1...100.
  public init(
    apiURL: URL = GitHubConfiguration.publicAPI, token: GitHubToken? = nil, pageSize: Int = 30,
    userAgent: String = "Reactors-GitHubSearch/1.0 (Swift; +https://docs.github.com/rest)",
    requestTimeout: Duration = .seconds(30), serverName: String? = nil
  ) {
    self.apiURL = apiURL
    self.token = token
    self.pageSize = min(max(pageSize, 1), Self.maximumPageSize)
    self.userAgent = userAgent
    self.requestTimeout = requestTimeout
    self.serverName = serverName
  }
}
