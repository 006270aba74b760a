import Foundation
import Testing

@testable import GitHubSearchKit

@Suite(.timeLimit(.minutes(1))) struct SearchErrorRateLimitTests {
  let now = Date(timeIntervalSince1970: 1_700_000_000)

  @Test(arguments: [
    (-1e308, 0.0), (-5, 0), (0, 0), (90, 90), (3600, 3600), (3601, 3600), (1e308, 3600),
    (.infinity, 3600), (-.infinity, 0), (.nan, 3600),
  ])
  func aRateLimitEndsWithinTheNextHour(wait: TimeInterval, expected: TimeInterval) {
    let until = Date(timeIntervalSince1970: now.timeIntervalSince1970 + wait)
    #expect(SearchError.rateLimited(until: until, now: now) == .rateLimited(until: now + expected))
  }

  @Test(arguments: [
    (-1e308, 0), (-0.5, 0), (0, 0), (0.2, 1), (90, 90), (1e308, 1_000_000_000),
    (.infinity, 1_000_000_000), (.nan, 0),
  ])
  func wholeSecondsNeverTrap(wait: TimeInterval, expected: Int) {
    let until = Date(timeIntervalSince1970: now.timeIntervalSince1970 + wait)
    #expect(SearchError.wholeSeconds(from: now, to: until) == expected)
  }

  /// Found with a hostile server: a far-future date (here from a recording) trapped the message.
  @Test func theMessageOfAFarRateLimitDoesNotTrap() {
    let message = SearchError.rateLimited(until: .distantFuture).message(now: now)
    #expect(message.hasPrefix("rate limited by GitHub for 1000000000 s more"))
  }
}
