import Foundation
import GitHubSearchKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct OfflineGitHubRoutesTests {
  let routes = OfflineGitHubRoutes()
  let base = URL(string: "http://127.0.0.1:8080")!
  let now = Date(timeIntervalSince1970: 1_700_000_000)

  func get(
    _ items: [(String, String)], path: String = "/search/repositories",
    routes: OfflineGitHubRoutes? = nil
  ) -> OfflineGitHubRoutes.Response {
    (routes ?? self.routes).respond(
      method: "GET", path: path, queryItems: items.map { (name: $0.0, value: $0.1) },
      baseURL: base, now: now)
  }

  func json(_ response: OfflineGitHubRoutes.Response) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
  }

  func links(_ response: OfflineGitHubRoutes.Response) -> [String: String] {
    let header = LinkHeader(response.headers["Link"] ?? "")
    var links: [String: String] = [:]
    for link in header.links {
      for relation in link.relations { links[relation] = link.url.absoluteString }
    }
    return links
  }

  @Test func answersTheFirstPageWithTotalsItemsAndNextAndLastLinks() throws {
    let response = get([("q", "swift")])
    #expect(response.status == 200)
    #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
    let body = try json(response)
    let total = try #require(body["total_count"] as? Int)
    #expect(body["incomplete_results"] as? Bool == false)
    let items = try #require(body["items"] as? [[String: Any]])
    #expect(items.count == 30)
    #expect(
      items.first?["html_url"] as? String
        == "https://github.com/\(items.first?["full_name"] as? String ?? "")")
    #expect((items.first?["url"] as? String)?.hasPrefix("https://api.github.com/repos/") == true)
    let lastPage = (min(total, 1000) + 29) / 30
    #expect(
      links(response) == [
        "next": "http://127.0.0.1:8080/search/repositories?q=swift&per_page=30&page=2",
        "last": "http://127.0.0.1:8080/search/repositories?q=swift&per_page=30&page=\(lastPage)",
      ])
  }

  @Test func linksBackAndForwardFromAMiddlePage() {
    let response = get([("q", "swift"), ("per_page", "10"), ("page", "3")])
    #expect(links(response).keys.sorted() == ["first", "last", "next", "prev"])
    #expect(links(response)["prev"]?.hasSuffix("per_page=10&page=2") == true)
    #expect(links(response)["next"]?.hasSuffix("per_page=10&page=4") == true)
  }

  @Test func theLastPageHasNoNextLink() throws {
    let total = RepositoryCatalog.standard.search(try CatalogQuery(parsing: "c++")).count
    let response = get([("q", "c++"), ("per_page", "100"), ("page", "\((total + 99) / 100)")])
    #expect(response.status == 200)
    #expect(links(response)["next"] == nil)
    #expect(links(response)["prev"] != nil || total <= 100)
  }

  @Test func reEncodesTheQueryInItsLinks() {
    let response = get([("q", "c++ a&b=#")])
    #expect(links(response)["next"].map { $0.contains("q=c%2B%2B%20a%26b%3D%23&") } ?? true)
  }

  @Test func clampsPerPageToAHundredAndDefaultsToThirty() throws {
    #expect((try json(get([("q", "e"), ("per_page", "500")]))["items"] as? [Any])?.count == 100)
    #expect((try json(get([("q", "e"), ("per_page", "abc")]))["items"] as? [Any])?.count == 30)
  }

  @Test func refusesPagesPastTheThousandthResult() throws {
    #expect(get([("q", "e"), ("per_page", "100"), ("page", "10")]).status == 200)
    let past = get([("q", "e"), ("per_page", "100"), ("page", "11")])
    #expect(past.status == 422)
    #expect(
      try json(past)["message"] as? String == "Only the first 1000 search results are available")
    #expect(get([("q", "e"), ("page", "\(Int.max)")]).status == 422)
  }

  @Test func aLinkNeverPointsPastTheCap() throws {
    let response = get([("q", "e"), ("per_page", "30"), ("page", "34")])
    #expect(links(response)["next"] == nil)
    #expect((try json(response)["items"] as? [Any])?.count == 10)
  }

  @Test func refusesAMissingOrInvalidQueryWith422() throws {
    let missing = get([])
    #expect(missing.status == 422)
    #expect(try json(missing)["message"] as? String == "Validation Failed")
    #expect(get([("q", "stars:lots")]).status == 422)
  }

  @Test func answers404ElsewhereAnd405ForOtherMethods() {
    #expect(get([("q", "a")], path: "/search/code").status == 404)
    let post = routes.respond(
      method: "POST", path: "/search/repositories", queryItems: [], baseURL: base, now: now)
    #expect(post.status == 405)
  }

  @Test func answersARepositoryWithTheFieldsThePaneShows() throws {
    let repository = RepositoryCatalog.standard.repositories[3]
    let response = get([], path: "/repos/\(repository.fullName.uppercased())")
    #expect(response.status == 200)
    let body = try json(response)
    let expected = try #require(RepositoryCatalog.standard.detail(named: repository.fullName))
    #expect(body["full_name"] as? String == repository.fullName)
    #expect(body["stargazers_count"] as? Int == expected.stargazersCount)
    #expect(body["forks_count"] as? Int == expected.forksCount)
    #expect(body["open_issues_count"] as? Int == expected.openIssuesCount)
    #expect(body["default_branch"] as? String == expected.defaultBranch)
    #expect(body["html_url"] as? String == repository.htmlURL.absoluteString)
    let decoded = try JSONDecoder().decode(RepositoryDetail.self, from: response.body)
    #expect(decoded == expected)
  }

  @Test func answers404ForAnUnknownRepositoryOrAPathThatIsNotOne() throws {
    #expect(get([], path: "/repos/nobody/nothing").status == 404)
    #expect(try json(get([], path: "/repos/nobody/nothing"))["message"] as? String == "Not Found")
    #expect(get([], path: "/repos/only-owner").status == 404)
    #expect(get([], path: "/repos/a/b/c").status == 404)
    let post = routes.respond(
      method: "POST", path: "/repos/a/b", queryItems: [], baseURL: base, now: now)
    #expect(post.status == 405)
  }

  @Test func theRateLimitCountsSearchesOnly() {
    let routes = OfflineGitHubRoutes(rateLimit: OfflineRateLimit(limit: 1, window: 60))
    let name = RepositoryCatalog.standard.repositories[0].fullName
    #expect(get([], path: "/repos/\(name)", routes: routes).status == 200)
    #expect(get([], path: "/repos/\(name)", routes: routes).headers["X-RateLimit-Remaining"] == nil)
    #expect(get([("q", "a")], routes: routes).status == 200)
  }

  @Test func playsGitHubsRateLimit() throws {
    let routes = OfflineGitHubRoutes(rateLimit: OfflineRateLimit(limit: 1, window: 60))
    let allowed = get([("q", "a")], routes: routes)
    #expect(allowed.status == 200)
    #expect(allowed.headers["X-RateLimit-Remaining"] == "0")
    let refused = get([("q", "a")], routes: routes)
    #expect(refused.status == 403)
    #expect(refused.headers["X-RateLimit-Remaining"] == "0")
    #expect(refused.headers["X-RateLimit-Reset"] == "1700000060")
    #expect((try json(refused)["message"] as? String)?.hasPrefix("API rate limit exceeded") == true)
  }
}
