import Foundation
import GitHubSearchKit
import LoopbackHTTP
import ReactorsTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(1))) struct OfflineGitHubServerTests {
  func client(_ server: OfflineGitHubServer) -> GitHubClient {
    .live(configuration: GitHubConfiguration(apiURL: server.baseURL))
  }

  @Test func servesTheCatalogWithLinksToItself() async throws {
    let server = try OfflineGitHubServer()
    defer { server.stop() }
    let page = try await client(server).search(.firstPage(query: "swift"))
    #expect(page.repositories.count == 30)
    #expect(page.nextPage?.url.absoluteString.hasPrefix(server.baseURL.absoluteString) == true)
  }

  @Test func answersAfterItsLatencyOnTheInjectedClock() async throws {
    let clock = TestClock()
    let server = try OfflineGitHubServer(latency: .milliseconds(250), clock: clock)
    defer { server.stop() }
    let client = client(server)
    let task = Task { try await client.search(.firstPage(query: "swift")) }
    for _ in 0..<100_000 where clock.sleeperCount == 0 { await Task.yield() }
    #expect(clock.sleeperCount == 1)
    #expect(server.requests.map(\.outcome) == [.pending])
    await clock.advance(by: .milliseconds(250))
    #expect(try await task.value.repositories.count == 30)
  }

  /// From `GITHUB_SEARCH_OFFLINE_LATENCY_MS=9223372036854775807`, which hung every search.
  @Test func anAbsurdLatencyIsAMinute() async throws {
    let clock = TestClock()
    let server = try OfflineGitHubServer(latency: .milliseconds(Int.max), clock: clock)
    defer { server.stop() }
    let client = client(server)
    let task = Task { try await client.search(.firstPage(query: "swift")) }
    for _ in 0..<100_000 where clock.sleeperCount == 0 { await Task.yield() }
    await clock.advance(by: OfflineGitHubServer.longestLatency)
    #expect(try await task.value.repositories.count == 30)
  }

  @Test func stopsWaitingWhenTheClientLeaves() async throws {
    let clock = TestClock()
    let server = try OfflineGitHubServer(latency: .seconds(5), clock: clock)
    defer { server.stop() }
    let client = client(server)
    let task = Task { try await client.search(.firstPage(query: "swift")) }
    await server.server.waitUntil { $0.count == 1 }
    task.cancel()
    await server.server.waitUntil { $0.first?.outcome == .clientDisconnected }
    for _ in 0..<100_000 where clock.sleeperCount > 0 { await Task.yield() }
    #expect(clock.sleeperCount == 0)
  }

  @Test func letsAFaultAnswerInsteadOfTheRoutes() async throws {
    let server = try OfflineGitHubServer(fault: { request in
      request.queryValue(for: "q") == "boom" ? .text("down", status: 503) : nil
    })
    defer { server.stop() }
    await #expect(throws: SearchError.unavailable(status: 503)) {
      try await client(server).search(.firstPage(query: "boom"))
    }
    #expect(try await client(server).search(.firstPage(query: "swift")).totalCount > 0)
  }

  @Test func appliesItsRateLimit() async throws {
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    let server = try OfflineGitHubServer(
      routes: OfflineGitHubRoutes(rateLimit: OfflineRateLimit(limit: 1)), now: { now })
    defer { server.stop() }
    // The client reads the reset against its own clock (a reset past the next hour is clamped),
    // so it is told the server's time.
    let client = GitHubClient.live(
      configuration: GitHubConfiguration(apiURL: server.baseURL), now: { now })
    _ = try await client.search(.firstPage(query: "swift"))
    await #expect(throws: SearchError.rateLimited(until: now.addingTimeInterval(60))) {
      try await client.search(.firstPage(query: "swift"))
    }
  }

  @Test func describesItsRequestLogOneLineEach() async throws {
    let server = try OfflineGitHubServer(fault: { request in
      request.queryValue(for: "q") == "slow" ? .stall : nil
    })
    defer { server.stop() }
    let client = client(server)
    let slow = Task { try await client.search(.firstPage(query: "slow")) }
    await server.server.waitUntil { $0.count == 1 }
    slow.cancel()
    await server.server.waitUntil { $0.first?.outcome == .clientDisconnected }
    _ = try await client.search(.firstPage(query: "c++"))
    #expect(
      server.logLines == [
        "#0 GET /search/repositories?q=slow&per_page=30 → client disconnected",
        "#1 GET /search/repositories?q=c%2B%2B&per_page=30 → 200",
      ])
  }

  @Test func itsLogIsBoundedAndNeverShowsAToken() async throws {
    var limits = LoopbackServer.Limits()
    limits.logCapacity = 2
    let server = try OfflineGitHubServer(limits: limits)
    defer { server.stop() }
    let client = GitHubClient.live(
      configuration: GitHubConfiguration(
        apiURL: server.baseURL, token: GitHubToken("ghp_offlineSecret")))
    for query in ["a", "b", "c"] { _ = try await client.search(.firstPage(query: query)) }
    #expect(server.logLines.count == 2)
    #expect(server.logLines.first?.hasPrefix("#1 GET /search/repositories?q=b") == true)
    #expect(!server.logLines.joined().contains("ghp_"))
    #expect(!server.requests.map { String(reflecting: $0) }.joined().contains("ghp_"))
  }

  @Test func aPathOutsideTheAPIIsNotFound() async throws {
    let server = try OfflineGitHubServer()
    defer { server.stop() }
    let fetcher = HTTPFetcher()
    for target in ["/../../etc/passwd", "/search/%2E%2E/%2E%2E/etc/passwd", "/%zz%C3%28"] {
      let url = URL(string: server.baseURL.absoluteString + target)!
      #expect(try await fetcher.fetch(URLRequest(url: url)).response.statusCode == 404)
    }
  }
}
