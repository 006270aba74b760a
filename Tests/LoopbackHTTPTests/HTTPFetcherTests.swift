import Foundation
import LoopbackHTTP
import ReactorsTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(2))) struct HTTPFetcherTests {
  // A generous deadline: the stress test below keeps URLSession's one queue busy for seconds.
  let fetcher = HTTPFetcher(deadline: .seconds(60), maximumBodyByteCount: 64 * 1024)

  func request(_ server: LoopbackServer, _ target: String = "/") -> URLRequest {
    URLRequest(url: URL(string: server.baseURL.absoluteString + target)!)
  }

  func serverName(_ server: LoopbackServer) -> String {
    "127.0.0.1:\(server.port)"
  }

  @Test func anyStatusComesBackWithItsBodyAndHeaders() async throws {
    let server = try LoopbackServer { _ in .text("gone", status: 410, headers: ["X-Why": "old"]) }
    let (body, response) = try await fetcher.fetch(request(server))
    #expect(response.statusCode == 410)
    #expect(response.value(forHTTPHeaderField: "X-Why") == "old")
    #expect(String(decoding: body, as: UTF8.self) == "gone")
  }

  // MARK: The deadline

  @Test func aSilentServerFailsAtTheDeadlineOnTheClockAndTheRequestStops() async throws {
    let server = try LoopbackServer { _ in .stall }
    let clock = TestClock()
    let fetcher = HTTPFetcher(deadline: .seconds(30), clock: clock)
    let fetch = Task { try await fetcher.fetch(request(server)) }
    await server.waitUntil { $0.count == 1 }
    await clock.advance(by: .seconds(30))
    await #expect(throws: HTTPFetchError(.timedOut(.seconds(30)), server: serverName(server))) {
      try await fetch.value
    }
    await server.waitUntil { $0.first?.outcome == .clientDisconnected }
  }

  @Test func aTricklingServerFailsAtTheDeadlineThoughBytesKeepComing() async throws {
    let server = try LoopbackServer { _ in .streaming(Data("x".utf8), every: .milliseconds(100)) }
    let fetcher = HTTPFetcher(deadline: .milliseconds(500))
    await #expect(throws: HTTPFetchError(.timedOut(.milliseconds(500)), server: serverName(server)))
    {
      try await fetcher.fetch(request(server))
    }
    await server.waitUntil { $0.first?.outcome == .clientDisconnected }
  }

  // MARK: The body limit

  @Test func aBodyAtTheLimitIsAccepted() async throws {
    let server = try LoopbackServer { _ in HTTPResponse(body: Data(count: 64 * 1024)) }
    #expect(try await fetcher.fetch(request(server)).body.count == 64 * 1024)
  }

  @Test func aBodyAnnouncedOverTheLimitIsRefusedFromItsHead() async throws {
    let server = try LoopbackServer { _ in
      // Paced like a fast network: a flood at loopback speed would stall every URLSession of
      // the test process for seconds (see `HTTPFetcher`).
      .streaming(
        Data(repeating: 0x20, count: 65_536), byteCount: 50_000_000, every: .milliseconds(1))
    }
    await #expect(throws: HTTPFetchError(.bodyTooLarge(limit: 65_536), server: serverName(server)))
    {
      try await fetcher.fetch(request(server))
    }
    // Stopped on the wire, unless the loopback took all 50 MB before the stop landed.
    await server.waitUntil { $0.first.map { $0.outcome != .pending } ?? false }
  }

  @Test func anEndlessBodyIsRefusedPastTheLimitAndStoppedOnTheWire() async throws {
    let server = try LoopbackServer { _ in
      .streaming(Data(repeating: 0x20, count: 16_384), every: .milliseconds(1))
    }
    await #expect(throws: HTTPFetchError(.bodyTooLarge(limit: 65_536), server: serverName(server)))
    {
      try await fetcher.fetch(request(server))
    }
    await server.waitUntil { $0.first?.outcome == .clientDisconnected }
  }

  // MARK: Redirects

  @Test func aCrossOriginRedirectDropsTheAuthorizationAndASameOriginOneKeepsIt() async throws {
    // Each server answers 200 only to the credentials it expects.
    let other = try LoopbackServer { request in
      request.headers["Authorization"] == nil ? .text("ok") : .text("leaked", status: 403)
    }
    let server = try LoopbackServer { request in
      switch request.path {
      case "/away": HTTPResponse(status: 307, headers: ["Location": "\(other.baseURL)/"])
      case "/near": HTTPResponse(status: 302, headers: ["Location": "/here"])
      default:
        request.headers["Authorization"] == "Bearer secret"
          ? .text("ok") : .text("dropped", status: 403)
      }
    }
    for target in ["/away", "/near"] {
      var request = request(server, target)
      request.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
      #expect(try await fetcher.fetch(request).response.statusCode == 200)
    }
    #expect(other.requests.map { $0.request.headers["Authorization"] } == [nil])
    #expect(
      server.requests.map { $0.request.headers["Authorization"] }
        == Array(repeating: "<redacted>", count: 3))
  }

  @Test func aRedirectLoopIsASentence() async throws {
    let server = try LoopbackServer { _ in HTTPResponse(status: 301, headers: ["Location": "/"]) }
    let error = await #expect(throws: HTTPFetchError.self) {
      try await fetcher.fetch(request(server))
    }
    #expect(error?.description == "\(serverName(server)) redirected too many times")
  }

  @Test func originsCompareSchemeHostAndPort() {
    let base = URL(string: "https://API.github.com/search")
    #expect(HTTPFetcher.isSameOrigin(URL(string: "https://api.github.com:443/x"), as: base))
    #expect(!HTTPFetcher.isSameOrigin(URL(string: "http://api.github.com/x"), as: base))
    #expect(!HTTPFetcher.isSameOrigin(URL(string: "https://api.github.com:8443/x"), as: base))
    #expect(!HTTPFetcher.isSameOrigin(URL(string: "https://evil.example/x"), as: base))
    #expect(!HTTPFetcher.isSameOrigin(URL(string: "/relative"), as: base))
  }

  // MARK: Other failures

  @Test func a401ChallengeIsAnsweredWithThe401() async throws {
    let server = try LoopbackServer { _ in
      .text("Bad credentials", status: 401, headers: ["WWW-Authenticate": #"Basic realm="x""#])
    }
    let (body, response) = try await fetcher.fetch(request(server))
    #expect(response.statusCode == 401)
    #expect(String(decoding: body, as: UTF8.self) == "Bad credentials")
  }

  @Test func aConnectionCutMidBodyBrokeMidway() async throws {
    let server = try LoopbackServer { _ in
      HTTPResponse.text(String(repeating: "x", count: 100)).closingConnection(afterBodyBytes: 10)
    }
    await #expect(throws: HTTPFetchError(.connectionLost, server: serverName(server))) {
      try await fetcher.fetch(request(server))
    }
  }

  @Test func aRefusedConnectionIsUnreachable() async throws {
    // Port 1: nothing in the suite listens there.
    let request = URLRequest(url: URL(string: "http://127.0.0.1:1/")!)
    let error = await #expect(throws: HTTPFetchError.self) { try await fetcher.fetch(request) }
    #expect(error == HTTPFetchError(.cannotConnect, server: "127.0.0.1:1"))
    #expect(error?.isUnreachable == true)
  }

  // MARK: Cancellation

  @Test func cancellingReturnsAtOnceAndStopsTheRequestOnTheWire() async throws {
    let server = try LoopbackServer { _ in .stall }
    let fetch = Task { [fetcher] in try await fetcher.fetch(request(server)) }
    await server.waitUntil { $0.count == 1 }
    fetch.cancel()
    await #expect(throws: CancellationError.self) { try await fetch.value }
    await server.waitUntil { $0.first?.outcome == .clientDisconnected }
  }

  @Test func aFetchCancelledBeforeItStartsSendsNothing() async throws {
    let server = try LoopbackServer { _ in .text("ok") }
    let fetch = Task { [fetcher] in
      withUnsafeCurrentTask { $0?.cancel() }
      return try await fetcher.fetch(request(server))
    }
    await #expect(throws: CancellationError.self) { try await fetch.value }
    _ = try await fetcher.fetch(request(server, "/after"))
    #expect(server.requests.map(\.request.path) == ["/after"])
  }

  /// The deadlock and the traps of FoundationNetworking's cancel need a cancel that lands just
  /// as an answer completes: thousands of cancels are timed across the life of a request.
  @Test func thousandsOfCancelsTimedAroundTheCompletionNeitherHangNorCrash() async throws {
    var limits = LoopbackServer.Limits()
    limits.logCapacity = 10_000
    let server = try LoopbackServer(limits: limits) { _ in .text("ok") }
    let request = request(server)
    var latencies: [Duration] = []
    for _ in 0..<20 {
      let start = ContinuousClock.now
      _ = try await fetcher.fetch(request)
      latencies.append(.now - start)
    }
    // Capped, so that a machine busy with other tests can't stretch the run.
    let typical = min(latencies.sorted()[10], .milliseconds(3))
    var answered = 0
    var cancelled = 0
    for index in 0..<2000 {
      let fetch = Task.detached { [fetcher] in try await fetcher.fetch(request) }
      // From at once to twice the typical latency, evenly.
      let delay = typical * (Double(index % 100) / 50)
      let start = ContinuousClock.now
      while ContinuousClock.now - start < delay {}
      fetch.cancel()
      do {
        _ = try await fetch.value
        answered += 1
      } catch is CancellationError {
        cancelled += 1
      }
    }
    #expect(answered + cancelled == 2000)
    // Every request that reached the server ends, answered or dropped on the wire...
    await server.waitUntil { $0.allSatisfy { $0.outcome != .pending } }
    // ...and many were answered while their caller was being cancelled: the race was run.
    let answeredOnTheWire = server.requests.dropFirst(20).filter {
      $0.outcome == .responded(status: 200)
    }
    #expect(answeredOnTheWire.count > answered)
  }
}
