import Foundation

extension SearchError {
  /// The longest rate limit believed, in seconds: GitHub's windows last an hour, so a later end
  /// (a hostile or broken `x-ratelimit-reset` or `retry-after`) is cut to an hour from now.
  public static let longestRateLimit: TimeInterval = 3600

  /// A rate limit that ends at `until`, clamped to `now ... now + longestRateLimit`, so that no
  /// header can make the screen show a date centuries away or a negative wait.
  static func rateLimited(until: Date, now: Date) -> SearchError {
    let wait = until.timeIntervalSince(now)
    // A NaN or infinite end is as absurd as one centuries away: it gets the longest wait.
    let seconds = wait.isNaN ? longestRateLimit : min(max(wait, 0), longestRateLimit)
    return .rateLimited(until: now.addingTimeInterval(seconds))
  }

  /// The whole seconds from `now` to `until`, rounded up, 0 when `until` has passed, and at most
  /// a billion: never a trap, whatever dates a recording or a custom client brings.
  public static func wholeSeconds(from now: Date, to until: Date) -> Int {
    let seconds = until.timeIntervalSince(now).rounded(.up)
    guard seconds > 0 else { return 0 }  // Also NaN.
    return Int(exactly: min(seconds, 1_000_000_000)) ?? 1_000_000_000
  }
}
