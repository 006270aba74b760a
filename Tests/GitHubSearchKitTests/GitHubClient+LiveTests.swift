import Foundation
import LoopbackHTTP
import Testing

@testable import GitHubSearchKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real `URLSession` client against a real socket on 127.0.0.1.
@Suite(.timeLimit(.minutes(1))) struct GitHubClientLiveTests {
  let now = Date(timeIntervalSince1970: 1_700_000_000)

  func client(_ server: LoopbackServer, token: String? = nil, pageSize: Int = 30) -> GitHubClient {
    let now = now
    return .live(
      configuration: GitHubConfiguration(
        apiURL: server.baseURL, token: token.flatMap(GitHubToken.init), pageSize: pageSize),
      now: { now })
  }

  func client(_ server: OfflineGitHubServer, pageSize: Int) -> GitHubClient {
    .live(configuration: GitHubConfiguration(apiURL: server.baseURL, pageSize: pageSize))
  }

  static let emptyPage = Data(#"{"total_count": 0, "incomplete_results": false, "items": []}"#.utf8)

  // MARK: Pagination

  @Test func pagesThroughTheServersLinksToTheLastPage() async throws {
    let server = try OfflineGitHubServer()
    defer { server.stop() }
    let client = client(server, pageSize: 100)
    var page = try await client.search(.firstPage(query: "swift"))
    var repositories = page.repositories
    var links: [PageLink] = []
    while let next = page.nextPage {
      links.append(next)
      page = try await client.search(.nextPage(next))
      repositories += page.repositories
    }
    let expected = RepositoryCatalog.standard.search(try CatalogQuery(parsing: "swift"))
    #expect(page.totalCount == expected.count)
    #expect(repositories == Array(expected.prefix(1000)))
    #expect(links.map(\.number) == Array(2...links.count + 1))
    // Each next request is the previous answer's link, byte for byte.
    let targets = server.requests.map(\.request.target)
    #expect(Array(targets.dropFirst()) == links.map { "\($0.url.path)?\($0.url.query!)" })
  }

  @Test func stopsAtTheThousandResultCapWithoutAskingForMore() async throws {
    let server = try OfflineGitHubServer()
    defer { server.stop() }
    let client = client(server, pageSize: 100)
    var page = try await client.search(.firstPage(query: "e"))
    #expect(page.totalCount > 1000)
    var count = page.repositories.count
    while let next = page.nextPage {
      page = try await client.search(.nextPage(next))
      count += page.repositories.count
    }
    #expect(count == 1000)
    #expect(server.requests.count == 10)
    #expect(server.requests.allSatisfy { $0.outcome == .responded(status: 200) })
  }

  @Test func aPageAskedForPastTheCapIsTheEndOfResults() async throws {
    let server = try OfflineGitHubServer()
    defer { server.stop() }
    let link = PageLink(
      url: URL(string: "\(server.baseURL)/search/repositories?q=e&per_page=100&page=11")!)
    await #expect(throws: SearchError.endOfResults) {
      try await client(server, pageSize: 100).search(.nextPage(link))
    }
  }

  // MARK: Requests

  @Test(arguments: ["c++", "c#", "a&b=c", "x=1&per_page=1", "naïve 検索 🚀", "#1 + ?", "100%"])
  func theServerReceivesTheQueryExactly(query: String) async throws {
    let server = try LoopbackServer { _ in .json(Self.emptyPage) }
    defer { server.stop() }
    _ = try await client(server).search(.firstPage(query: query))
    let request = try #require(server.requests.first?.request)
    #expect(request.queryValue(for: "q") == query)
    #expect(request.queryValue(for: "per_page") == "30")
    #expect(request.queryItems.count == 2)
  }

  @Test func sendsGitHubsHeadersAndTheTokenAsBearer() async throws {
    let server = try LoopbackServer { _ in .json(Self.emptyPage) }
    defer { server.stop() }
    _ = try await client(server, token: "ghp_test").search(.firstPage(query: "swift"))
    let headers = try #require(server.requests.first?.request.headers)
    #expect(headers["Accept"] == "application/vnd.github+json")
    #expect(headers["X-GitHub-Api-Version"] == "2022-11-28")
    #expect(headers["User-Agent"]?.hasPrefix("Reactors-GitHubSearch/") == true)
    #expect(headers["Authorization"] == "Bearer ghp_test")
  }

  @Test func sendsNoAuthorizationWithoutAToken() async throws {
    let server = try LoopbackServer { _ in .json(Self.emptyPage) }
    defer { server.stop() }
    _ = try await client(server).search(.firstPage(query: "swift"))
    #expect(server.requests.first?.request.headers["Authorization"] == nil)
  }

  // MARK: Error classes

  func error(from response: HTTPResponse) async throws -> SearchError? {
    let server = try LoopbackServer { _ in response }
    defer { server.stop() }
    do {
      _ = try await client(server).search(.firstPage(query: "swift"))
      return nil
    } catch let error as SearchError {
      return error
    }
  }

  @Test func a403WithNoRemainingRequestsIsARateLimitUntilTheReset() async throws {
    let response = HTTPResponse.json(
      Data(#"{"message":"API rate limit exceeded"}"#.utf8), status: 403,
      headers: ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1700000123"])
    #expect(
      try await error(from: response)
        == .rateLimited(until: Date(timeIntervalSince1970: 1_700_000_123)))
  }

  @Test func a403WithRequestsLeftIsForbidden() async throws {
    let response = HTTPResponse.json(
      Data(#"{"message":"Repository access blocked"}"#.utf8), status: 403,
      headers: ["X-RateLimit-Remaining": "9"])
    #expect(try await error(from: response) == .forbidden("Repository access blocked"))
  }

  @Test func a429HonoursRetryAfter() async throws {
    let response = HTTPResponse.json(
      Data(#"{"message":"secondary rate limit"}"#.utf8), status: 429,
      headers: ["Retry-After": "45"])
    #expect(try await error(from: response) == .rateLimited(until: now.addingTimeInterval(45)))
  }

  @Test func a422IsAnInvalidQuery() async throws {
    let body = #"{"message":"Validation Failed","errors":[{"message":"bad qualifier"}]}"#
    let response = HTTPResponse.json(Data(body.utf8), status: 422)
    #expect(try await error(from: response) == .invalidQuery("Validation Failed: bad qualifier"))
  }

  @Test func a503IsUnavailable() async throws {
    #expect(
      try await error(from: .text("upstream timeout", status: 503))
        == .unavailable(status: 503))
  }

  @Test func aConnectionClosedMidBodyIsOffline() async throws {
    let body = Data(#"{"total_count": 1, "incomplete_results": false, "items": []}"#.utf8)
    let response = HTTPResponse.json(body).closingConnection(afterBodyBytes: 10)
    let error = try await error(from: response)
    guard case .offline(let reason) = error else {
      Issue.record("expected .offline, got \(String(describing: error))")
      return
    }
    #expect(reason.contains("127.0.0.1"))
  }

  @Test func malformedJSONIsAnInvalidResponse() async throws {
    let response = HTTPResponse.json(Data(#"{"total_count": 3, "items": [{"id":"#.utf8))
    #expect(
      try await error(from: response)
        == .invalidResponse("the answer is not valid JSON (35 bytes; truncated?)"))
  }

  @Test func aBodyThatIsNotUTF8IsAnInvalidResponse() async throws {
    let response = HTTPResponse.json(Data([0x7B, 0xFF, 0xFE, 0x7D]))
    #expect(try await error(from: response) == .invalidResponse("the answer is not UTF-8 text"))
  }

  @Test func aHugeBodyIsRefusedNotParsed() async throws {
    let body = Data(repeating: 0x20, count: SearchResponseDecoder.maximumBodySize + 1)
    #expect(
      try await error(from: .json(body))
        == .invalidResponse("the answer is too large (8388609 bytes)"))
  }

  @Test func aMalformedItemIsSkippedAndTheRestOfThePageKept() async throws {
    let body = """
      {"total_count": 2, "incomplete_results": false, "items": [
        {"id": 1, "full_name": "a/good", "stargazers_count": 5, "html_url": "https://github.com/a/good"},
        {"id": 2, "full_name": "a/bad", "stargazers_count": "five"}]}
      """
    let server = try LoopbackServer { _ in .json(Data(body.utf8)) }
    defer { server.stop() }
    let page = try await client(server).search(.firstPage(query: "a"))
    #expect(page.repositories.map(\.fullName) == ["a/good"])
    #expect(page.skippedItemCount == 1)
  }

  @Test func anUnreachableServerIsOffline() async throws {
    // Port 1: nothing in the suite listens there. (A stopped server's port is no good: another
    // test's server may take it over at once.)
    let client = GitHubClient.live(
      configuration: GitHubConfiguration(apiURL: URL(string: "http://127.0.0.1:1")!))
    await #expect(throws: SearchError.offline("could not connect to 127.0.0.1:1")) {
      try await client.search(.firstPage(query: "swift"))
    }
  }

  // MARK: Cancellation

  @Test func cancellingTheTaskStopsTheRequest() async throws {
    let server = try LoopbackServer { _ in .stall }
    defer { server.stop() }
    let client = client(server)
    let task = Task { try await client.search(.firstPage(query: "slow")) }
    await server.waitUntil { $0.count == 1 }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    await server.waitUntil { $0.first?.outcome == .clientDisconnected }
    #expect(server.requests.map(\.outcome) == [.clientDisconnected])
  }
}
