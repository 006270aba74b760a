import Foundation
import Testing

@testable import GitHubSearchKit

@Suite(.timeLimit(.minutes(1))) struct SearchErrorTests {
  @Test func saysWhenARateLimitEnds() {
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    let error = SearchError.rateLimited(until: now.addingTimeInterval(42))
    #expect(
      error.message(now: now) == "rate limited by GitHub for 42 s more (until 2023-11-14T22:14:02Z)"
    )
    #expect(error.isRateLimit(at: now))
    #expect(!error.isRateLimit(at: now.addingTimeInterval(42)))
    #expect(!SearchError.forbidden("x").isRateLimit(at: now))
  }

  @Test func explainsEveryOtherCaseOnOneLine() {
    let messages = [
      SearchError.invalidQuery("Validation Failed"), .unavailable(status: 503),
      .offline("could not connect to 127.0.0.1:1"), .forbidden("Resource not accessible"),
      .endOfResults, .invalidResponse("the answer is not UTF-8 text"),
    ].map { $0.message() }
    #expect(
      messages == [
        "invalid query: Validation Failed",
        "GitHub is unavailable (HTTP 503); try again later",
        "network error: could not connect to 127.0.0.1:1",
        "access forbidden: Resource not accessible",
        "GitHub serves only the first 1000 results of a search",
        "unreadable answer from the server: the answer is not UTF-8 text",
      ])
  }

  @Test func namesTheServerThatAnsweredAndAdvisesNothingItCannotVouchFor() {
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    let offline = "the offline server"
    let messages = [
      SearchError.rateLimited(until: now.addingTimeInterval(5)), .unavailable(status: 502),
      .notFound("a/b"),
    ].map { $0.message(now: now, server: offline) }
    #expect(
      messages == [
        "rate limited by the offline server for 5 s more (until 2023-11-14T22:13:25Z)",
        "the offline server is unavailable (HTTP 502); try again later",
        "the offline server has no repository named a/b",
      ])
    #expect(!messages.joined().contains("GitHub"))
  }

  @Test func reducesServerTextToOneSafeLine() {
    #expect(SearchError.oneLine("bad\nquery\u{1B}[2J\r\tnow") == "bad query [2J now")
    #expect(SearchError.oneLine("   ") == "no explanation given")
    #expect(SearchError.oneLine(String(repeating: "x", count: 500)).count == 200)
    #expect(SearchError.invalidQuery(serverMessage: "a\nb") == .invalidQuery("a b"))
  }
}
