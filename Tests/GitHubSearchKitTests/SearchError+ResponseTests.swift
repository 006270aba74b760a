import Foundation
import Testing

@testable import GitHubSearchKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(1))) struct SearchErrorResponseTests {
  let now = Date(timeIntervalSince1970: 1_700_000_000)

  func error(_ status: Int, _ headers: [String: String] = [:], body: String = "") -> SearchError? {
    let response = HTTPURLResponse(
      url: URL(string: "https://api.github.com/search/repositories")!, statusCode: status,
      httpVersion: "HTTP/1.1", headerFields: headers)!
    return SearchError(response: response, body: Data(body.utf8), now: now)
  }

  @Test func successIsNoError() {
    #expect(error(200) == nil)
    #expect(error(204) == nil)
  }

  @Test func a403WithNoRemainingRequestsIsARateLimitUntilTheReset() {
    let headers = ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1700000090"]
    #expect(error(403, headers) == .rateLimited(until: Date(timeIntervalSince1970: 1_700_000_090)))
    #expect(error(429, headers) == .rateLimited(until: Date(timeIntervalSince1970: 1_700_000_090)))
  }

  @Test func retryAfterWinsOverTheReset() {
    let headers = ["Retry-After": "30", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "1"]
    #expect(error(429, headers) == .rateLimited(until: now.addingTimeInterval(30)))
    #expect(error(403, ["retry-after": "5"]) == .rateLimited(until: now.addingTimeInterval(5)))
  }

  @Test func retryAfterMayBeAnHTTPDate() {
    let headers = ["Retry-After": "Tue, 14 Nov 2023 22:13:40 GMT"]
    #expect(error(429, headers) == .rateLimited(until: now.addingTimeInterval(20)))
  }

  /// Found with a hostile server: the screen said "rate limited for 9223372035059043328 s more
  /// (until 506713-02-07…)", and `1e300` trapped building that message.
  @Test(arguments: ["9223372036854775807", "1e300", "nan", "inf", "99999999999999999999999999999"])
  func anAbsurdResetIsAnHourAtMost(reset: String) {
    let headers = ["x-ratelimit-remaining": "0", "x-ratelimit-reset": reset]
    let expected = Int(reset) == nil ? now.addingTimeInterval(60) : now.addingTimeInterval(3600)
    #expect(error(403, headers) == .rateLimited(until: expected))
    #expect(
      error(403, headers)?.message(now: now).contains(
        "for \(Int(expected.timeIntervalSince(now))) s more") == true)
  }

  @Test func aResetInThePastIsOverNow() {
    let headers = ["x-ratelimit-remaining": "0", "x-ratelimit-reset": "-9223372036854775808"]
    #expect(error(403, headers) == .rateLimited(until: now))
  }

  /// Found with a hostile server: `retry-after: 9223372036854775807` trapped in the message.
  @Test(arguments: ["9223372036854775807", "Fri, 31 Dec 9999 23:59:59 GMT"])
  func anAbsurdRetryAfterIsAnHourAtMost(value: String) {
    #expect(error(429, ["retry-after": value]) == .rateLimited(until: now.addingTimeInterval(3600)))
  }

  @Test func a429WithoutHintsWaitsAMinute() {
    #expect(error(429) == .rateLimited(until: now.addingTimeInterval(60)))
  }

  @Test func anyOther403IsForbiddenNotARateLimit() {
    let body = #"{"message": "Resource not accessible by integration"}"#
    #expect(
      error(403, ["X-RateLimit-Remaining": "17"], body: body)
        == .forbidden("Resource not accessible by integration"))
    #expect(error(403) == .forbidden("HTTP 403"))
  }

  @Test func a401IsForbiddenAndPointsAtTheToken() {
    #expect(
      error(401, body: #"{"message":"Bad credentials"}"#)
        == .forbidden("Bad credentials (check GITHUB_TOKEN)"))
  }

  @Test func a422IsAnInvalidQueryWithGitHubsExplanation() {
    let body = """
      {"message": "Validation Failed", "errors": [{"message": "The search is longer than 256 \
      characters.", "resource": "Search", "field": "q", "code": "invalid"}]}
      """
    #expect(
      error(422, body: body)
        == .invalidQuery("Validation Failed: The search is longer than 256 characters."))
    let missing = #"{"message":"Validation Failed","errors":[{"field":"q","code":"missing"}]}"#
    #expect(error(422, body: missing) == .invalidQuery("Validation Failed: q is missing"))
  }

  @Test func a422PastTheCapIsTheEndOfResults() {
    let body = #"{"message": "Only the first 1000 search results are available"}"#
    #expect(error(422, body: body) == .endOfResults)
  }

  @Test(arguments: [500, 502, 503, 504])
  func serverErrorsMeanUnavailable(status: Int) {
    #expect(error(status, body: "<html>oops</html>") == .unavailable(status: status))
  }

  @Test func anUnexpectedStatusIsAnInvalidResponse() {
    #expect(
      error(404, body: #"{"message":"Not Found"}"#)
        == .invalidResponse("unexpected HTTP status 404: Not Found"))
  }
}
