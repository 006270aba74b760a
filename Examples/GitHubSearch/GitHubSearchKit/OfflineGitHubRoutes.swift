import Foundation

/// GitHub's `GET /search/repositories` and `GET /repos/{owner}/{repo}`, answered from a
/// ``RepositoryCatalog``: what the offline server serves, without the server.
///
/// A search answers like GitHub: `total_count`, `incomplete_results`, `items` with `html_url` and
/// the API `url`; a `Link` header with `next`, `last`, `prev` and `first`; `per_page` up to 100
/// (30 by default); pages past the 1000th result refused with 422; `x-ratelimit-*` headers (the
/// rate limit counts searches only, as GitHub's search limit does); 422 for a missing or invalid
/// `q`. A repository answers with its `full_name`, `description`, `stargazers_count`,
/// `forks_count`, `open_issues_count`, `default_branch` and `html_url`, or 404. Anything else is
/// 404.
public struct OfflineGitHubRoutes: Sendable {
  /// An HTTP answer: status, headers and body.
  public struct Response: Sendable, Equatable {
    /// The status code.
    public var status: Int
    /// The headers, by name.
    public var headers: [String: String]
    /// The body.
    public var body: Data
  }

  /// The repositories searched.
  public let catalog: RepositoryCatalog
  /// The simulated rate limit, if any.
  public let rateLimit: OfflineRateLimit?

  /// Serves `catalog`, limited by `rateLimit` when given.
  public init(catalog: RepositoryCatalog = .standard, rateLimit: OfflineRateLimit? = nil) {
    self.catalog = catalog
    self.rateLimit = rateLimit
  }

  /// Answers one request.
  ///
  /// - Parameters:
  ///   - method: The HTTP method.
  ///   - path: The path, without the query.
  ///   - queryItems: The decoded query parameters, in order.
  ///   - baseURL: The server's own address (`http://127.0.0.1:port`), for `Link` targets.
  ///   - now: The time of the request, for the rate limit.
  public func respond(
    method: String, path: String, queryItems: [(name: String, value: String)], baseURL: URL,
    now: Date
  ) -> Response {
    let segments = path.split(separator: "/", omittingEmptySubsequences: true)
    let isSearch = segments == ["search", "repositories"]
    let isRepository = segments.count == 3 && segments[0] == "repos"
    guard isSearch || isRepository else { return notFound() }
    guard method == "GET" else {
      return json(405, ["message": "Method Not Allowed"])
    }
    guard isSearch else {
      guard let detail = catalog.detail(named: segments[1] + "/" + segments[2]) else {
        return notFound()
      }
      return json(200, Self.repository(detail))
    }
    var headers = ["X-RateLimit-Resource": "search"]
    if let rateLimit {
      let quota = rateLimit.take(now: now)
      headers["X-RateLimit-Limit"] = String(quota.limit)
      headers["X-RateLimit-Remaining"] = String(quota.remaining)
      headers["X-RateLimit-Used"] = String(quota.limit - quota.remaining)
      headers["X-RateLimit-Reset"] = String(Int(quota.reset.timeIntervalSince1970.rounded(.up)))
      guard quota.isAllowed else {
        let message =
          "API rate limit exceeded for 127.0.0.1. (Authenticated requests get a "
          + "higher rate limit.)"
        return json(403, ["message": message, "documentation_url": Self.documentation], headers)
      }
    }
    let parameters = Dictionary(queryItems.map { ($0.name, $0.value) }) { _, last in last }
    guard let q = parameters["q"], !q.trimmingCharacters(in: .whitespaces).isEmpty else {
      return json(
        422,
        [
          "message": "Validation Failed",
          "errors": [["resource": "Search", "field": "q", "code": "missing"]],
          "documentation_url": Self.documentation,
        ], headers)
    }
    let query: CatalogQuery
    do {
      query = try CatalogQuery(parsing: q)
    } catch {
      return json(
        422,
        [
          "message": "Validation Failed",
          "errors": [["message": error.message, "resource": "Search", "field": "q"]],
          "documentation_url": Self.documentation,
        ], headers)
    }
    let pageSize = parameters["per_page"].flatMap { Int($0) }.map { min(max($0, 1), 100) } ?? 30
    let page = parameters["page"].flatMap { Int($0) }.map { max($0, 1) } ?? 1
    let (firstIndex, overflow) = (page - 1).multipliedReportingOverflow(by: pageSize)
    guard !overflow, firstIndex < GitHubConfiguration.resultCap else {
      return json(
        422,
        [
          "message": "Only the first 1000 search results are available",
          "documentation_url": Self.documentation,
        ], headers)
    }
    let results = catalog.search(
      query, sort: parameters["sort"], ascending: parameters["order"] == "asc")
    let reachable = min(results.count, GitHubConfiguration.resultCap)
    let items = results[min(firstIndex, reachable)..<min(firstIndex + pageSize, reachable)]
    let lastPage = max(1, (reachable + pageSize - 1) / pageSize)
    if let link = Self.link(
      page: page, lastPage: lastPage, q: q, pageSize: pageSize, extra: parameters,
      baseURL: baseURL)
    {
      headers["Link"] = link
    }
    let body: [String: Any] = [
      "total_count": results.count,
      "incomplete_results": false,
      "items": items.map(Self.item),
    ]
    return json(200, body, headers)
  }

  /// `<…page=2>; rel="next", <…page=34>; rel="last", …`, GitHub's order.
  static func link(
    page: Int, lastPage: Int, q: String, pageSize: Int, extra: [String: String], baseURL: URL
  ) -> String? {
    func url(_ page: Int) -> String {
      var query = "q=\(GitHubConfiguration.percentEncoded(q))"
      for name in ["sort", "order"] {
        if let value = extra[name] {
          query += "&\(name)=\(GitHubConfiguration.percentEncoded(value))"
        }
      }
      query += "&per_page=\(pageSize)&page=\(page)"
      let base =
        baseURL.absoluteString.hasSuffix("/")
        ? String(baseURL.absoluteString.dropLast()) : baseURL.absoluteString
      return "<\(base)/search/repositories?\(query)>"
    }
    var links: [String] = []
    if page > 1 { links.append("\(url(min(page - 1, lastPage))); rel=\"prev\"") }
    if page < lastPage {
      links.append("\(url(page + 1)); rel=\"next\"")
      links.append("\(url(lastPage)); rel=\"last\"")
    }
    if page > 1 { links.append("\(url(1)); rel=\"first\"") }
    return links.isEmpty ? nil : links.joined(separator: ", ")
  }

  /// A search item with the fields GitHub sends that the client cares about, and a few it
  /// ignores (the API `url` among them).
  static func item(_ repository: Repository) -> [String: Any] {
    fields(
      fullName: repository.fullName, htmlURL: repository.htmlURL,
      description: repository.description, stargazersCount: repository.stargazersCount
    ).merging([
      "id": repository.id,
      "language": repository.language as Any? ?? NSNull(),
      "score": 1.0,
    ]) { common, _ in common }
  }

  /// A repository as `GET /repos/{owner}/{repo}` answers it: the fields the detail pane shows
  /// and a few it ignores.
  static func repository(_ detail: RepositoryDetail) -> [String: Any] {
    fields(
      fullName: detail.fullName, htmlURL: detail.htmlURL, description: detail.description,
      stargazersCount: detail.stargazersCount
    ).merging([
      "forks_count": detail.forksCount,
      "open_issues_count": detail.openIssuesCount,
      "default_branch": detail.defaultBranch,
    ]) { common, _ in common }
  }

  /// The fields a search item and a repository share.
  private static func fields(
    fullName: String, htmlURL: URL, description: String?, stargazersCount: Int
  ) -> [String: Any] {
    let parts = fullName.split(separator: "/")
    return [
      "name": String(parts.last ?? ""),
      "full_name": fullName,
      "owner": ["login": String(parts.first ?? ""), "type": "User"],
      "private": false,
      "html_url": htmlURL.absoluteString,
      "description": description as Any? ?? NSNull(),
      "url": "https://api.github.com/repos/\(fullName)",
      "stargazers_count": stargazersCount,
      "watchers_count": stargazersCount,
    ]
  }

  private func notFound() -> Response {
    json(404, ["message": "Not Found", "documentation_url": Self.documentation])
  }

  private func json(_ status: Int, _ object: Any, _ headers: [String: String] = [:]) -> Response {
    var headers = headers
    headers["Content-Type"] = "application/json; charset=utf-8"
    let body =
      (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    return Response(status: status, headers: headers, body: body)
  }

  private static let documentation = "https://docs.github.com/rest/search/search"
}
