import Foundation
import GitHubSearchKit
import LoopbackHTTP
import Testing

@Suite(.timeLimit(.minutes(1))) struct OfflineFaultsTests {
  func request(_ query: String, page: Int? = nil) -> HTTPRequest {
    let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    return HTTPRequest(
      method: "GET",
      target: "/search/repositories?q=\(encoded)" + (page.map { "&page=\($0)" } ?? ""))
  }

  @Test func parsesRulesWithPagesAndCounts() throws {
    let faults = try OfflineFaults(parsing: " slow=stall, swift@2=503:1 ,*=cut, a=b@c=ratelimit ")
    #expect(
      faults.rules == [
        .init(query: "slow", page: nil, fault: .stall, times: nil),
        .init(query: "swift", page: 2, fault: .status(503), times: 1),
        .init(query: nil, page: nil, fault: .cut, times: nil),
        .init(query: "a=b@c", page: nil, fault: .rateLimit, times: nil),
      ])
  }

  @Test(arguments: ["nofault", "x=explode", "x=200", "x=503:0", "x=503:many"])
  func refusesWhatItCannotRead(text: String) {
    #expect(throws: OfflineFaults.ParseError.self) { try OfflineFaults(parsing: text) }
  }

  @Test func matchesQueryAndPageAndWearsOut() throws {
    let faults = try OfflineFaults(parsing: "swift@2=503:1")
    #expect(faults.response(for: request("swift")) == nil)
    #expect(faults.response(for: request("rust", page: 2)) == nil)
    #expect(faults.response(for: request("swift", page: 2))?.status == 503)
    #expect(faults.response(for: request("swift", page: 2)) == nil)  // Used up.
  }

  @Test func aRuleStartingWithASlashMatchesThePathOnly() throws {
    let faults = try OfflineFaults(parsing: "/repos/ada/kit=stall")
    #expect(faults.response(for: HTTPRequest(method: "GET", target: "/repos/ada/kit")) != nil)
    #expect(faults.response(for: HTTPRequest(method: "GET", target: "/repos/ada/other")) == nil)
    #expect(faults.response(for: request("/repos/ada/kit")) == nil)  // A query is not a path.
  }

  @Test func answersEachFaultAsGitHubWouldFail() throws {
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    let faults = try OfflineFaults(
      parsing: "f=forbidden,r=ratelimit,a=retryafter,m=malformed,b=binary,s=500", now: { now })
    let forbidden = try #require(faults.response(for: request("f")))
    #expect(forbidden.status == 403)
    #expect(forbidden.headers["X-RateLimit-Remaining"] == "9")
    let limited = try #require(faults.response(for: request("r")))
    #expect(limited.status == 403)
    #expect(limited.headers["X-RateLimit-Remaining"] == "0")
    #expect(limited.headers["X-RateLimit-Reset"] == "1700000060")
    #expect(faults.response(for: request("a"))?.headers["Retry-After"] == "30")
    #expect(faults.response(for: request("m"))?.status == 200)
    #expect(
      String(data: faults.response(for: request("b"))?.body ?? Data(), encoding: .utf8) == nil)
    #expect(faults.response(for: request("s"))?.status == 500)
  }
}
