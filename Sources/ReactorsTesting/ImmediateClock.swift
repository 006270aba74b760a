import Foundation

/// A clock whose sleeps return at once, moving its time forward by what was slept.
///
/// For tests that do not care about time at all: delays and debounces fire immediately, in order.
public final class ImmediateClock: Clock, @unchecked Sendable {
  // Safe: `currentInstant` is touched only with `lock` held. `ImmediateClockTests` run under
  // ThreadSanitizer in CI.

  /// An instant on an ``ImmediateClock``; the same type as a ``TestClock``'s.
  public typealias Instant = TestClock.Instant

  private let lock = NSLock()
  private var currentInstant = Instant()

  /// Makes a clock at offset zero.
  public init() {}

  /// The time slept so far.
  public var now: Instant {
    lock.withLock { currentInstant }
  }

  /// The smallest step the clock takes: none.
  public var minimumResolution: Duration { .zero }

  /// Returns at once (unless cancelled), moving the clock to `deadline` if it is later.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    lock.withLock { currentInstant = max(currentInstant, deadline) }
    await Task.yield()
  }
}
