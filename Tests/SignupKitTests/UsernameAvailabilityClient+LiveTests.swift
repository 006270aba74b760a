import ExtremeValues
import Foundation
import LoopbackHTTP
import ReactorsTesting
import Testing

@testable import SignupKit

/// The real `URLSession` client against a real socket on 127.0.0.1, well-behaved and hostile.
@Suite(.timeLimit(.minutes(1))) struct UsernameAvailabilityClientLiveTests {
  static let user = Data(#"{"login":"octocat","id":583231,"type":"User"}"#.utf8)

  /// The verdict, or the error, for `name` from a server that answers every request with
  /// `response`; the checks time out after `timeout` of real time. (A generous default: the
  /// stress tests of other suites can keep URLSession's one queue busy for seconds.)
  func check(
    _ name: String = "octocat", timeout: Duration = .seconds(60), against response: HTTPResponse
  ) async throws -> Result<UsernameAvailability, AvailabilityCheckError> {
    let server = try LoopbackServer { _ in response }
    defer { server.stop() }
    let client = UsernameAvailabilityClient.live(apiURL: server.baseURL, timeout: timeout)
    do {
      return .success(try await client.checkAvailability(name))
    } catch let error as AvailabilityCheckError {
      return .failure(error)
    }
  }

  /// The reason of the `.failed` error `response` leads to, or `nil` (and an issue) for any
  /// other outcome.
  func failedReason(against response: HTTPResponse) async throws -> String? {
    let result = try await check(against: response)
    guard case .failure(.failed(let reason)) = result else {
      Issue.record("expected .failed, got \(result)")
      return nil
    }
    return reason
  }

  @Test func notFoundMeansAvailable() async throws {
    #expect(try await check(against: .text("Not Found", status: 404)) == .success(.available))
  }

  @Test func aUserMeansTaken() async throws {
    #expect(try await check(against: .json(Self.user)) == .success(.taken))
  }

  @Test(
    arguments: [
      (500, nil, AvailabilityCheckError.serverError(status: 500)),
      (503, nil, .serverError(status: 503)),
      (429, nil, .rateLimited),
      (403, "0", .rateLimited),
      (403, "12", .forbidden),
      (403, nil, .forbidden),
      (401, nil, .unexpectedStatus(401)),
      (422, nil, .unexpectedStatus(422)),
    ] as [(Int, String?, AvailabilityCheckError)])
  func anyOtherStatusIsCouldntCheck(
    status: Int, rateLimitRemaining: String?, expected: AvailabilityCheckError
  ) async throws {
    var headers: HTTPHeaders = ["Retry-After": "30"]
    if let rateLimitRemaining { headers["x-ratelimit-remaining"] = rateLimitRemaining }
    let response = HTTPResponse.json(
      Data(#"{"message":"no"}"#.utf8), status: status, headers: headers)
    #expect(try await check(against: response) == .failure(expected))
  }

  @Test func a502WithAnHTMLPageIsAServerError() async throws {
    let page = HTTPResponse.text(
      "<html><body><h1>502 Bad Gateway</h1></body></html>", status: 502,
      headers: ["Content-Type": "text/html"])
    #expect(try await check(against: page) == .failure(.serverError(status: 502)))
  }

  @Test(arguments: [
    Data("<html>Welcome to the hotel wifi</html>".utf8), Data(#"{"login":null}"#.utf8),
    Data([0x7B, 0xFF, 0xFE, 0x7D]), Data(),
  ])
  func a200WithoutAUserIsCouldntCheckNotTaken(body: Data) async throws {
    #expect(
      try await check(against: HTTPResponse(body: body))
        == .failure(.failed(reason: "the answer (HTTP 200) is not a GitHub user")))
  }

  // MARK: Transport faults

  @Test func aServerThatNeverAnswersTimesOutOnTheClockAndTheRequestStops() async throws {
    let server = try LoopbackServer { _ in .stall }
    let clock = TestClock()
    let client = UsernameAvailabilityClient.live(
      apiURL: server.baseURL, timeout: .seconds(5), clock: clock)
    let check = Task { try await client.checkAvailability("octocat") }
    await server.waitUntil { $0.count == 1 }
    await clock.advance(by: .seconds(5))
    await #expect(throws: AvailabilityCheckError.timedOut(after: .seconds(5))) {
      try await check.value
    }
    await server.waitUntil { $0.first?.outcome == .clientDisconnected }
  }

  @Test func aServerThatTricklesAByteEverySoOftenTimesOutAtTheDeadline() async throws {
    // Each byte would restart URLSession's own (idle) timeout; the deadline counts from the start.
    let trickle = HTTPResponse.streaming(Data(" ".utf8), every: .milliseconds(200))
    #expect(
      try await check(timeout: .seconds(1), against: trickle)
        == .failure(.timedOut(after: .seconds(1))))
  }

  @Test func anAnswerBeforeTheTimeoutIsKept() async throws {
    let clock = TestClock()
    let server = try LoopbackServer { _ in .text("Not Found", status: 404) }
    let client = UsernameAvailabilityClient.live(
      apiURL: server.baseURL, timeout: .milliseconds(1), clock: clock)
    #expect(try await client.checkAvailability("octocat") == .available)
  }

  @Test func aConnectionCutMidBodyIsCouldntCheck() async throws {
    let cut = HTTPResponse.json(Self.user).closingConnection(afterBodyBytes: 5)
    let reason = try await failedReason(against: cut)
    #expect(reason?.hasPrefix("the connection to 127.0.0.1:") == true)
    #expect(reason?.hasSuffix(" broke before the answer was complete") == true)
  }

  @Test func aHugeBodyIsRefusedPastTheLimitWithoutReadingIt() async throws {
    // Paced like a fast network: a flood at loopback speed would stall every URLSession of the
    // test process for seconds (see `HTTPFetcher`).
    let huge = HTTPResponse.streaming(
      Data(repeating: 0x20, count: 65_536), byteCount: 50_000_000, every: .milliseconds(1))
    let endless = HTTPResponse.streaming(
      Data(repeating: 0x20, count: 65_536), every: .milliseconds(1))
    for response in [huge, endless] {
      let reason = try await failedReason(against: response)
      #expect(reason?.hasSuffix("sent an answer larger than 64 KiB") == true)
    }
  }

  @Test func aRedirectLoopIsCouldntCheck() async throws {
    let loop = HTTPResponse(status: 302, headers: ["Location": "/users/octocat"])
    let reason = try await failedReason(against: loop)
    #expect(reason?.hasSuffix("redirected too many times") == true)
  }

  @Test func aRefusedConnectionIsUnreachableAndSuggestsOfflineMode() async throws {
    // Port 1: nothing in the suite listens there, so the connection is refused. (A stopped
    // server's port is no good: another test's server may take it over at once.)
    let apiURL = URL(string: "http://127.0.0.1:1")!
    let client = UsernameAvailabilityClient.live(apiURL: apiURL, timeout: .seconds(60))
    await #expect(throws: AvailabilityCheckError.unreachable(host: "127.0.0.1:1")) {
      try await client.checkAvailability("octocat")
    }
  }

  // MARK: Requests

  @Test func theRequestIsAGetWithGitHubsHeaders() async throws {
    let server = try LoopbackServer { _ in .text("Not Found", status: 404) }
    let client = UsernameAvailabilityClient.live(apiURL: server.baseURL, timeout: .seconds(60))
    _ = try await client.checkAvailability("octocat")
    let request = try #require(server.requests.first?.request)
    #expect(request.method == "GET")
    #expect(request.rawPath == "/users/octocat")
    #expect(request.headers["Accept"] == "application/vnd.github+json")
    #expect(request.headers["User-Agent"] == UsernameAvailabilityClient.userAgent)
  }

  @Test(arguments: [
    ("octo-cat", "/users/octo-cat"),
    ("a/b", "/users/a%2Fb"),
    ("..", "/users/%2E%2E"),
    ("a b?c#d&e", "/users/a%20b%3Fc%23d%26e"),
    ("café", "/users/caf%C3%A9"),
    ("100%", "/users/100%25"),
  ])
  func theNameIsEscapedAsOnePathSegment(name: String, rawPath: String) async throws {
    let server = try LoopbackServer { _ in .text("Not Found", status: 404) }
    let client = UsernameAvailabilityClient.live(apiURL: server.baseURL, timeout: .seconds(60))
    _ = try await client.checkAvailability(name)
    let request = try #require(server.requests.first?.request)
    #expect(request.rawPath == rawPath)
    #expect(request.pathSegments == ["users", name])
  }

  @Test func anEnterpriseAPIPathIsKept() async throws {
    let server = try LoopbackServer { _ in .text("Not Found", status: 404) }
    let apiURL = server.baseURL.appendingPathComponent("api").appendingPathComponent("v3")
    let client = UsernameAvailabilityClient.live(apiURL: apiURL, timeout: .seconds(60))
    _ = try await client.checkAvailability("octocat")
    #expect(server.requests.first?.request.rawPath == "/api/v3/users/octocat")
  }

  // MARK: Cancellation

  @Test func cancellingTheCheckReturnsAtOnceAndStopsTheRequest() async throws {
    let server = try LoopbackServer { _ in .stall }
    let client = UsernameAvailabilityClient.live(apiURL: server.baseURL, timeout: .seconds(60))
    let check = Task { try await client.checkAvailability("octocat") }
    await server.waitUntil { $0.count == 1 }
    check.cancel()
    await #expect(throws: CancellationError.self) { try await check.value }
    await server.waitUntil { $0.first?.outcome == .clientDisconnected }
  }

  // MARK: The reactor over the live client

  @Test func afterEachFaultTheFormSaysCouldntCheckAndTheNextNameIsChecked() async throws {
    let faults: [String: HTTPResponse] = [
      "boom": .text("oops", status: 500),
      "gateway": .text("<html>502</html>", status: 502),
      "limit": .json(Data(), status: 403, headers: ["x-ratelimit-remaining": "0"]),
      "throttled": .retryAfter,
      "cut": HTTPResponse.json(Self.user).closingConnection(afterBodyBytes: 3),
      "portal": .text("<html>login</html>"),
      "huge": .streaming(Data(repeating: 0x20, count: 4096), every: .milliseconds(1)),
      "loop": HTTPResponse(status: 307, headers: ["Location": "/users/loop"]),
    ]
    let server = try LoopbackServer { request in
      let name = request.pathSegments.last ?? ""
      return faults[name] ?? (name == "octocat" ? .json(Self.user) : .text("", status: 404))
    }
    defer { server.stop() }
    let reactor = SignupReactor(
      availability: .live(apiURL: server.baseURL, timeout: .seconds(60)),
      signup: .simulated(latency: .zero, failureRate: 0, seed: 1, clock: ImmediateClock()),
      debounce: .zero, clock: ImmediateClock())
    for name in faults.keys.sorted() {
      reactor.send(.updateUsername(name))
      await reactor.waitUntilIdle()
      guard case .failed(let message) = reactor.currentState.usernameValidation else {
        Issue.record("\(name): \(reactor.currentState.usernameValidation)")
        continue
      }
      #expect(message.hasPrefix("Couldn't check availability"), "\(name)")
      reactor.send(.updateUsername("octocat"))
      await reactor.waitUntilIdle()
      #expect(reactor.currentState.usernameValidation == .failed("octocat is already taken"))
    }
  }

  /// Property: any status, rate-limit header and body is a verdict or an
  /// ``AvailabilityCheckError``, never a trap.
  @Test func anyExtremeAnswerIsAVerdictOrATypedError() {
    var values = ExtremeValues()
    for _ in 0..<1000 {
      let status =
        Bool.random(using: &values)
        ? values.integer() : [200, 403, 404].randomElement(using: &values)!
      let body =
        Bool.random(using: &values)
        ? Data(#"{"login": \#(values.number())}"#.utf8) : Data(values.bytes())
      do {
        _ = try UsernameAvailabilityClient.availability(
          status: status, rateLimitRemaining: values.number(), body: body)
      } catch {
        #expect(error is AvailabilityCheckError)
      }
    }
  }
}

extension HTTPResponse {
  /// GitHub's secondary rate limit: 429 with `retry-after`.
  fileprivate static let retryAfter = HTTPResponse.json(
    Data(#"{"message":"secondary rate limit"}"#.utf8), status: 429, headers: ["Retry-After": "60"])
}
