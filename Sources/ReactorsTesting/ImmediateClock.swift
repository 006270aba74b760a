/// A clock whose sleeps return at once, moving its time forward by what was slept.
///
/// For tests that do not care about time at all: delays and debounces fire immediately, in order.
public final class ImmediateClock: Clock, Sendable {
  /// An instant on an ``ImmediateClock``; the same type as a ``TestClock``'s.
  public typealias Instant = TestClock.Instant

  private let currentInstant = Protected(Instant())

  /// Makes a clock at offset zero.
  public init() {}

  /// The time slept so far.
  public var now: Instant {
    currentInstant.withLock { $0 }
  }

  /// The smallest step the clock takes: none.
  public var minimumResolution: Duration { .zero }

  /// Returns at once (unless cancelled), moving the clock to `deadline` if it is later.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    currentInstant.withLock { $0 = max($0, deadline) }
    await Task.yield()
  }
}
