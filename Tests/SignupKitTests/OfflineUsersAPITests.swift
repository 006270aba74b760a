import Foundation
import LoopbackHTTP
import ReactorsTesting
import SignupKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct OfflineUsersAPITests {
  let api = OfflineUsersAPI(latency: .zero, clock: ImmediateClock())

  func get(_ target: String, userAgent: String? = "test") async -> HTTPResponse {
    var headers = HTTPHeaders()
    if let userAgent { headers["User-Agent"] = userAgent }
    return await api.respond(to: HTTPRequest(method: "GET", target: target, headers: headers))
  }

  @Test func aTakenNameIsFoundInAnyCase() async {
    let response = await get("/users/OctoCat")
    #expect(response.status == 200)
    #expect(String(decoding: response.body, as: UTF8.self).contains(#""login":"octocat""#))
  }

  @Test func aFreeNameIsNotFound() async {
    #expect(await get("/users/octocat-2").status == 404)
  }

  @Test func otherPathsAreNotFound() async {
    #expect(await get("/users").status == 404)
    #expect(await get("/users/octocat/repos").status == 404)
    #expect(await get("/users/../../etc/passwd").status == 404)
    #expect(await get("/users/%2E%2E%2Fetc%2Fpasswd").status == 404)
    #expect(await get("/users/%zz%C3%28").status == 404)
  }

  @Test func aRequestWithoutUserAgentIsForbiddenLikeOnGitHub() async {
    #expect(await get("/users/octocat", userAgent: nil).status == 403)
  }

  @Test func theLatencyIsSpentOnTheClock() async {
    let clock = TestClock()
    let api = OfflineUsersAPI(latency: .milliseconds(250), clock: clock)
    let response = Task {
      await api.respond(
        to: HTTPRequest(method: "GET", target: "/users/swift", headers: ["User-Agent": "t"]))
    }
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(250))
    #expect(await response.value.status == 200)
  }

  @Test func theLiveClientAgainstTheServedAPIGivesTakenAndAvailable() async throws {
    var limits = LoopbackServer.Limits()
    limits.maximumConnectionCount = 2
    let server = try api.start(limits: limits)
    #expect(server.limits.maximumConnectionCount == 2)
    let client = UsernameAvailabilityClient.live(apiURL: server.baseURL, timeout: .seconds(60))
    #expect(try await client.checkAvailability("Torvalds") == .taken)
    #expect(try await client.checkAvailability("torvalds-2") == .available)
  }
}
