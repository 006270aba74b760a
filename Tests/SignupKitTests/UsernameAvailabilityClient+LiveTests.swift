import Foundation
import LoopbackHTTP
import ReactorsTesting
import SignupKit
import Testing

@Suite struct UsernameAvailabilityClientLiveTests {
  @Test func notFoundMeansAvailable() async throws {
    let server = try LoopbackServer { _ in .text("Not Found", status: 404) }
    let client = UsernameAvailabilityClient.live(apiURL: server.baseURL)
    #expect(try await client.checkAvailability("octocat-2") == .available)
  }

  @Test func okMeansTaken() async throws {
    let server = try LoopbackServer { _ in .json(Data(#"{"login":"octocat"}"#.utf8)) }
    let client = UsernameAvailabilityClient.live(apiURL: server.baseURL)
    #expect(try await client.checkAvailability("octocat") == .taken)
  }

  @Test(
    arguments: [
      (500, nil, AvailabilityCheckError.serverError(status: 500)),
      (503, nil, .serverError(status: 503)),
      (429, nil, .rateLimited),
      (403, "0", .rateLimited),
      (403, "12", .forbidden),
      (401, nil, .unexpectedStatus(401)),
      (301, nil, .unexpectedStatus(301)),
    ] as [(Int, String?, AvailabilityCheckError)])
  func anyOtherStatusIsCouldntCheck(
    status: Int, rateLimitRemaining: String?, expected: AvailabilityCheckError
  ) async throws {
    let server = try LoopbackServer { _ in
      var headers = HTTPHeaders()
      if let rateLimitRemaining { headers["x-ratelimit-remaining"] = rateLimitRemaining }
      return .text("no", status: status, headers: headers)
    }
    let client = UsernameAvailabilityClient.live(apiURL: server.baseURL)
    await #expect(throws: expected) { try await client.checkAvailability("octocat") }
  }

  @Test func aServerThatDoesNotAnswerInTimeIsATimeoutAndTheRequestStops() async throws {
    let server = try LoopbackServer { _ in .stall }
    let clock = TestClock()
    let client = UsernameAvailabilityClient.live(
      apiURL: server.baseURL, timeout: .seconds(5), clock: clock)
    let check = Task { try await client.checkAvailability("octocat") }
    await server.waitUntil { $0.count == 1 }
    await clock.advance(by: .seconds(5))
    await #expect(throws: AvailabilityCheckError.timedOut) { try await check.value }
    await server.waitUntil { $0.first?.outcome == .clientDisconnected }
  }

  @Test func anAnswerBeforeTheTimeoutIsKept() async throws {
    let clock = TestClock()
    let server = try LoopbackServer { _ in .text("Not Found", status: 404) }
    let client = UsernameAvailabilityClient.live(
      apiURL: server.baseURL, timeout: .milliseconds(1), clock: clock)
    #expect(try await client.checkAvailability("octocat") == .available)
  }

  @Test func aConnectionCutMidBodyIsUnreachable() async throws {
    let server = try LoopbackServer { _ in
      HTTPResponse.json(Data(#"{"login":"octocat","id":583231}"#.utf8))
        .closingConnection(afterBodyBytes: 5)
    }
    let client = UsernameAvailabilityClient.live(apiURL: server.baseURL)
    await #expect(throws: AvailabilityCheckError.unreachable(host: "127.0.0.1")) {
      try await client.checkAvailability("octocat")
    }
  }

  @Test func aRefusedConnectionIsUnreachable() async throws {
    // Port 1: nothing in the suite listens there, so the connection is refused. (A stopped
    // server's port is no good: another test's server may take it over at once.)
    let apiURL = URL(string: "http://127.0.0.1:1")!
    let client = UsernameAvailabilityClient.live(apiURL: apiURL)
    await #expect(throws: AvailabilityCheckError.unreachable(host: "127.0.0.1")) {
      try await client.checkAvailability("octocat")
    }
  }

  @Test func theRequestIsAGetWithGitHubsHeaders() async throws {
    let server = try LoopbackServer { _ in .text("Not Found", status: 404) }
    let client = UsernameAvailabilityClient.live(apiURL: server.baseURL)
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
    let client = UsernameAvailabilityClient.live(apiURL: server.baseURL)
    _ = try await client.checkAvailability(name)
    let request = try #require(server.requests.first?.request)
    #expect(request.rawPath == rawPath)
    #expect(request.pathSegments == ["users", name])
  }

  @Test func anEnterpriseAPIPathIsKept() async throws {
    let server = try LoopbackServer { _ in .text("Not Found", status: 404) }
    let apiURL = server.baseURL.appendingPathComponent("api").appendingPathComponent("v3")
    let client = UsernameAvailabilityClient.live(apiURL: apiURL)
    _ = try await client.checkAvailability("octocat")
    #expect(server.requests.first?.request.rawPath == "/api/v3/users/octocat")
  }

  @Test func cancellingTheCheckStopsTheRequest() async throws {
    let server = try LoopbackServer { _ in .stall }
    let client = UsernameAvailabilityClient.live(apiURL: server.baseURL)
    let check = Task { try await client.checkAvailability("octocat") }
    await server.waitUntil { $0.count == 1 }
    check.cancel()
    await #expect(throws: CancellationError.self) { try await check.value }
    await server.waitUntil { $0.first?.outcome == .clientDisconnected }
  }
}
