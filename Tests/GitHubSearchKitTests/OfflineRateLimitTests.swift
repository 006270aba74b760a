import Foundation
import GitHubSearchKit
import Testing

@Suite(.timeLimit(.minutes(1))) struct OfflineRateLimitTests {
  let start = Date(timeIntervalSince1970: 1_700_000_000)

  @Test func allowsTheLimitThenRefusesUntilTheWindowEnds() {
    let limit = OfflineRateLimit(limit: 2, window: 60)
    let first = limit.take(now: start)
    let second = limit.take(now: start.addingTimeInterval(1))
    let third = limit.take(now: start.addingTimeInterval(59))
    #expect(
      first == .init(isAllowed: true, limit: 2, remaining: 1, reset: start.addingTimeInterval(60)))
    #expect(second.isAllowed && second.remaining == 0)
    #expect(
      third == .init(isAllowed: false, limit: 2, remaining: 0, reset: start.addingTimeInterval(60)))

    let nextWindow = limit.take(now: start.addingTimeInterval(60))
    #expect(
      nextWindow
        == .init(isAllowed: true, limit: 2, remaining: 1, reset: start.addingTimeInterval(120)))
  }

  @Test func aZeroLimitRefusesEverything() {
    #expect(!OfflineRateLimit(limit: 0).take(now: start).isAllowed)
  }
}
