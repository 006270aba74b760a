import Foundation

/// A simulated GitHub rate limit for the offline server: `limit` searches per `window`, then
/// `403` with `x-ratelimit-remaining: 0` until the window ends.
///
/// GitHub allows 10 unauthenticated searches a minute; `OfflineRateLimit(limit: 10)` plays that.
public final class OfflineRateLimit: @unchecked Sendable {
  // Safe: `windowStart` and `used` are read and written only with `lock` held.

  /// What one request was allowed, and the numbers for the `x-ratelimit-*` headers.
  public struct Quota: Sendable, Equatable {
    /// Whether the request may be served.
    public var isAllowed: Bool
    /// Requests allowed per window.
    public var limit: Int
    /// Requests left in this window after this one.
    public var remaining: Int
    /// When the window ends.
    public var reset: Date

    /// Makes a quota from its parts.
    public init(isAllowed: Bool, limit: Int, remaining: Int, reset: Date) {
      self.isAllowed = isAllowed
      self.limit = limit
      self.remaining = remaining
      self.reset = reset
    }
  }

  /// Requests allowed per window.
  public let limit: Int
  /// How long a window lasts.
  public let window: TimeInterval

  private let lock = NSLock()
  private var windowStart: Date?
  private var used = 0

  /// Allows `limit` requests per `window` seconds (a minute by default).
  public init(limit: Int, window: TimeInterval = 60) {
    self.limit = max(0, limit)
    self.window = window
  }

  /// Counts a request made at `now`.
  public func take(now: Date) -> Quota {
    lock.withLock {
      if let start = windowStart, now < start.addingTimeInterval(window) {
        // Still in the window.
      } else {
        windowStart = now
        used = 0
      }
      let reset = windowStart!.addingTimeInterval(window)
      guard used < limit else {
        return Quota(isAllowed: false, limit: limit, remaining: 0, reset: reset)
      }
      used += 1
      return Quota(isAllowed: true, limit: limit, remaining: limit - used, reset: reset)
    }
  }
}
