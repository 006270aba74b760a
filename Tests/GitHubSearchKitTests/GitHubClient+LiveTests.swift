import Foundation
import LoopbackHTTP
import ReactorsTesting
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
        apiURL: server.baseURL, token: token.flatMap(GitHubToken.init), pageSize: pageSize,
        requestTimeout: .seconds(60)),
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
    let server = try LoopbackServer { request in
      request.headers["Authorization"] == "Bearer ghp_test"
        ? .json(Self.emptyPage) : .text("no token", status: 401)
    }
    defer { server.stop() }
    _ = try await client(server, token: "ghp_test").search(.firstPage(query: "swift"))
    let headers = try #require(server.requests.first?.request.headers)
    #expect(headers["Accept"] == "application/vnd.github+json")
    #expect(headers["X-GitHub-Api-Version"] == "2022-11-28")
    #expect(headers["User-Agent"]?.hasPrefix("Reactors-GitHubSearch/") == true)
    // The server's log shows that a credential came, never its value.
    #expect(headers["Authorization"] == "<redacted>")
  }

  @Test func sendsNoAuthorizationWithoutAToken() async throws {
    let server = try LoopbackServer { _ in .json(Self.emptyPage) }
    defer { server.stop() }
    _ = try await client(server).search(.firstPage(query: "swift"))
    #expect(server.requests.first?.request.headers["Authorization"] == nil)
  }

  // MARK: Faults

  @Test(arguments: HostileGitHub.allCases)
  func eachFaultIsAClearTypedError(fault: HostileGitHub) async throws {
    let server = try HostileGitHub.server()
    defer { server.stop() }
    let client = HostileGitHub.client(server)
    let serverName = "127.0.0.1:\(server.port)"
    await #expect(throws: fault.expectedError(server: serverName)) {
      try await client.search(.firstPage(query: fault.rawValue))
    }
    // The same client goes on working.
    #expect(try await client.search(.firstPage(query: "swift")).repositories.count == 1)
  }

  @Test func aBodyPastTheLimitStopsTheTransferOnTheWire() async throws {
    let server = try HostileGitHub.server()
    defer { server.stop() }
    _ = try? await HostileGitHub.client(server).search(.firstPage(query: "endlessBody"))
    await server.waitUntil { $0.first?.outcome == .clientDisconnected }
  }

  @Test func aGarbageLinkHeaderMeansNoNextPage() async throws {
    let server = try LoopbackServer { _ in
      .json(HostileGitHub.page, headers: ["Link": #"<<>>; rel=next, garbage;;; <"#])
    }
    defer { server.stop() }
    let page = try await client(server).search(.firstPage(query: "swift"))
    #expect(page.repositories.count == 1)
    #expect(page.nextPage == nil)
  }

  /// Found with a hostile server (issue 26): this `Link` trapped computing the 1000-result cap.
  @Test func aNextPageNumberPastIntsRangeMeansNoNextPage() async throws {
    let server = try LoopbackServer { request in
      let link =
        "<\(request.serverBaseURL!.absoluteString)/search/repositories?q=a&"
        + #"page=9223372036854775807>; rel="next""#
      return .json(HostileGitHub.page, headers: ["Link": link])
    }
    defer { server.stop() }
    let page = try await client(server).search(.firstPage(query: "swift"))
    #expect(page.repositories.count == 1)
    #expect(page.nextPage == nil)
  }

  @Test func aServerThatNeverAnswersTimesOutAtTheRequestTimeoutAndTheRequestStops() async throws {
    let server = try LoopbackServer { _ in .stall }
    defer { server.stop() }
    let clock = TestClock()
    let client = HostileGitHub.client(server, requestTimeout: .seconds(5), clock: clock)
    let search = Task { try await client.search(.firstPage(query: "swift")) }
    await server.waitUntil { $0.count == 1 }
    await clock.advance(by: .seconds(5))
    await #expect(throws: SearchError.offline("127.0.0.1:\(server.port) did not answer within 5 s"))
    {
      try await search.value
    }
    await server.waitUntil { $0.first?.outcome == .clientDisconnected }
  }

  @Test func aServerThatTricklesTimesOutAtTheRequestTimeoutToo() async throws {
    // Every byte would restart URLSession's own idle timeout; the request timeout does not move.
    let server = try LoopbackServer { _ in
      .streaming(Data(" ".utf8), every: .milliseconds(200))
    }
    defer { server.stop() }
    let client = HostileGitHub.client(server, requestTimeout: .seconds(1))
    await #expect(throws: SearchError.offline("127.0.0.1:\(server.port) did not answer within 1 s"))
    {
      try await client.search(.firstPage(query: "swift"))
    }
  }

  @Test func anUnreachableServerIsANetworkErrorThatSuggestsOfflineMode() async throws {
    // Port 1: nothing in the suite listens there. (A stopped server's port is no good: another
    // test's server may take it over at once.)
    let client = GitHubClient.live(
      configuration: GitHubConfiguration(apiURL: URL(string: "http://127.0.0.1:1")!))
    let expected = SearchError.offline(
      "could not connect to 127.0.0.1:1; to search without a network, use --offline")
    await #expect(throws: expected) { try await client.search(.firstPage(query: "swift")) }
    #expect(
      expected.message()
        == "network error: could not connect to 127.0.0.1:1; to search without a network, "
        + "use --offline")
  }

  @Test func aServerWithANameIsCalledByItInANetworkErrorWithoutTheOfflineHint() async throws {
    let client = GitHubClient.live(
      configuration: GitHubConfiguration(
        apiURL: URL(string: "http://127.0.0.1:1")!, serverName: "the offline server"))
    await #expect(throws: SearchError.offline("could not connect to the offline server")) {
      try await client.search(.firstPage(query: "swift"))
    }
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

  // MARK: Redirects and the token

  @Test func aRedirectToAnotherOriginNeverCarriesTheToken() async throws {
    let other = try LoopbackServer { _ in .json(HostileGitHub.page) }
    defer { other.stop() }
    let target = other.baseURL.absoluteString + "/search/repositories?q=swift"
    let redirects = [301, 302, 303, 307, 308]
    let origin = try LoopbackServer { request in
      let status = Int(request.queryValue(for: "q") ?? "") ?? 302
      return HTTPResponse(status: status, headers: ["Location": target])
    }
    defer { origin.stop() }
    let client = HostileGitHub.client(origin)
    for status in redirects {
      #expect(try await client.search(.firstPage(query: String(status))).repositories.count == 1)
    }
    // The log shows `<redacted>` for a request that carried a credential.
    #expect(origin.requests.allSatisfy { $0.request.headers["Authorization"] == "<redacted>" })
    #expect(other.requests.count == redirects.count)
    #expect(other.requests.filter { $0.request.headers["Authorization"] != nil }.isEmpty)
  }

  @Test func aRedirectWithinTheSameOriginKeepsTheToken() async throws {
    let server = try LoopbackServer { request in
      guard request.path == "/moved/search/repositories" else {
        return HTTPResponse(status: 301, headers: ["Location": "/moved" + request.target])
      }
      return request.headers["Authorization"] == "Bearer \(HostileGitHub.token)"
        ? .json(HostileGitHub.page) : .text("token lost", status: 401)
    }
    defer { server.stop() }
    #expect(
      try await HostileGitHub.client(server).search(.firstPage(query: "swift")).totalCount == 1)
    #expect(server.requests.count == 2)
  }

  // MARK: Secrets

  @Test func theTokenNeverAppearsInAnErrorOrTheServersLog() async throws {
    let server = try HostileGitHub.server()
    defer { server.stop() }
    let client = HostileGitHub.client(server)
    var texts: [String] = []
    for fault in HostileGitHub.allCases {
      do {
        _ = try await client.search(.firstPage(query: fault.rawValue))
      } catch {
        texts += [
          "\(error)", String(reflecting: error), error.localizedDescription,
          (error as? SearchError)?.message() ?? "",
        ]
      }
    }
    texts += server.requests.map { String(reflecting: $0) }
    #expect(texts.count > HostileGitHub.allCases.count)
    #expect(texts.filter { $0.contains(HostileGitHub.token) }.isEmpty)
    #expect(texts.filter { $0.contains("SECRET") }.isEmpty)
  }

  // MARK: Cancellation

  @Test func cancellingTheTaskReturnsAtOnceAndStopsTheRequest() async throws {
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

/// The reactor over the live client: faults leave it working, and a storm of query changes,
/// each cancelling the search before it, never hangs it.
@Suite(.timeLimit(.minutes(2))) struct GitHubClientLiveReactorTests {
  @Test func afterEachFaultTheReactorShowsTheErrorAndTheNextQuerySucceeds() async throws {
    let server = try HostileGitHub.server()
    defer { server.stop() }
    let reactor = GitHubSearchReactor(
      client: HostileGitHub.client(server), clock: ImmediateClock(), debounce: .zero,
      now: { HostileGitHub.now })
    for fault in HostileGitHub.allCases {
      reactor.send(.updateQuery(fault.rawValue))
      await reactor.waitUntilIdle()
      #expect(
        reactor.currentState.error == fault.expectedError(server: "127.0.0.1:\(server.port)"))
      #expect(reactor.currentState.isLoadingFirstPage == false)
      reactor.send(.updateQuery("swift \(fault.rawValue)"))
      await reactor.waitUntilIdle()
      #expect(reactor.currentState.error == nil)
      #expect(reactor.currentState.repositories.count == 1)
    }
  }

  @Test func fiveThousandQueryChangesWithoutDebounceNeverHang() async throws {
    let server = try LoopbackServer(limits: Self.roomyLog) { _ in .json(HostileGitHub.page) }
    defer { server.stop() }
    let reactor = GitHubSearchReactor(
      client: .live(configuration: GitHubConfiguration(apiURL: server.baseURL)),
      clock: ImmediateClock(), debounce: .zero)
    for index in 0..<5000 {
      reactor.send(.updateQuery("swift \(index)"))
      // Spread the next change over the life of a request: before it is sent, on the wire, and
      // just as its answer completes.
      for _ in 0..<(index % 13) * 8 { await Task.yield() }
    }
    reactor.send(.updateQuery("swift"))
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.query == "swift")
    #expect(reactor.currentState.repositories.map(\.fullName) == ["a/b"])
    #expect(reactor.currentState.error == nil)
    // Every request the server saw ends, answered or dropped on the wire.
    await server.waitUntil { $0.allSatisfy { $0.outcome != .pending } }
    #expect(
      server.requests.contains {
        $0.request.queryValue(for: "q") == "swift" && $0.outcome == .responded(status: 200)
      })
  }

  static var roomyLog: LoopbackServer.Limits {
    var limits = LoopbackServer.Limits()
    limits.logCapacity = 10_000
    return limits
  }
}

/// The live client's repository request, against the offline server on 127.0.0.1.
@Suite(.timeLimit(.minutes(1))) struct GitHubClientLiveRepositoryTests {
  @Test func fetchesARepositorysDetailFromTheOfflineServer() async throws {
    let server = try OfflineGitHubServer()
    defer { server.stop() }
    let client = GitHubClient.live(configuration: GitHubConfiguration(apiURL: server.baseURL))
    let name = RepositoryCatalog.standard.repositories[9].fullName
    let detail = try await client.repository(name)
    #expect(detail == RepositoryCatalog.standard.detail(named: name))
    #expect(server.requests.map(\.request.target) == ["/repos/\(name)"])
  }

  @Test func anUnknownRepositoryIsNotFound() async throws {
    let server = try OfflineGitHubServer()
    defer { server.stop() }
    let client = GitHubClient.live(configuration: GitHubConfiguration(apiURL: server.baseURL))
    await #expect(throws: SearchError.notFound("nobody/nothing")) {
      try await client.repository("nobody/nothing")
    }
  }

  @Test func cancellingTheFetchStopsTheRequestOnTheWire() async throws {
    let server = try OfflineGitHubServer(fault: { _ in .stall })
    defer { server.stop() }
    let client = GitHubClient.live(configuration: GitHubConfiguration(apiURL: server.baseURL))
    let fetch = Task { try await client.repository("apple/swift") }
    await server.server.waitUntil { $0.count == 1 }
    fetch.cancel()
    await #expect(throws: CancellationError.self) { try await fetch.value }
    await server.server.waitUntil { $0.first?.outcome == .clientDisconnected }
  }
}
