import Foundation

/// A clock whose time moves only when a test says so; sleepers wake in deadline order.
///
/// ```swift
/// let clock = TestClock()
/// let reactor = SearchReactor(clock: clock)
/// reactor.send(.updateQuery("swift"))   // debounced by 300 ms on `clock`
/// await clock.advance(by: .milliseconds(300))
/// await reactor.waitUntilIdle()
/// ```
///
/// A sleep whose deadline is already reached returns at once, so work that computes its deadline
/// before the test advances (as `Mutations.delay` and `Mutations.debounce` do) never races it.
public final class TestClock: Clock, @unchecked Sendable {
  // Safe: every mutable field is touched only with `lock` held; continuations are resumed after
  // it is released. `TestClockTests` run under ThreadSanitizer in CI.

  /// A point on a ``TestClock``: the time elapsed since the clock was made.
  public struct Instant: InstantProtocol, Hashable, Sendable {
    /// The time since the clock was made.
    public let offset: Duration

    /// Makes an instant `offset` after the clock's start.
    public init(offset: Duration = .zero) {
      self.offset = offset
    }

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    /// The time from this instant to `other`.
    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  private struct Sleeper {
    let id: UInt64
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private let lock = NSLock()
  private var currentInstant = Instant()
  private var sleepers: [Sleeper] = []
  private var nextID: UInt64 = 0

  /// Makes a clock at offset zero.
  public init() {}

  /// The current instant; it changes only through ``advance(by:)``, ``advance(to:)`` and ``run()``.
  public var now: Instant {
    lock.withLock { currentInstant }
  }

  /// The smallest step the clock takes: none.
  public var minimumResolution: Duration { .zero }

  /// How many sleeps are waiting for the clock to advance.
  public var sleeperCount: Int {
    lock.withLock { sleepers.count }
  }

  /// Suspends until the clock reaches `deadline`; throws `CancellationError` if cancelled first.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = lock.withLock {
      nextID += 1
      return nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let isDue = lock.withLock {
          if deadline <= currentInstant { return true }
          sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return false
        }
        if isDue { continuation.resume() }
      }
    } onCancel: {
      let cancelled = lock.withLock { () -> Sleeper? in
        guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return sleepers.remove(at: index)
      }
      cancelled?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock forward by `duration`, waking every sleeper whose deadline it reaches.
  public func advance(by duration: Duration) async {
    await advance(to: now.advanced(by: duration))
  }

  /// Moves the clock to `deadline`, waking due sleepers one by one in deadline order; the clock
  /// reads each sleeper's deadline as it wakes, and each woken task gets a chance to run.
  public func advance(to deadline: Instant) async {
    while let sleeper = wakeNext(notAfter: deadline) {
      sleeper.continuation.resume()
      await Task.yield()
    }
    lock.withLock { currentInstant = max(currentInstant, deadline) }
    await Task.yield()
  }

  /// Advances until no sleeper is left, however far that is.
  public func run() async {
    while let deadline = lock.withLock({ sleepers.map(\.deadline).min() }) {
      await advance(to: deadline)
    }
  }

  /// Removes the earliest sleeper due by `deadline` and moves the clock to its deadline.
  private func wakeNext(notAfter deadline: Instant) -> Sleeper? {
    lock.withLock {
      guard
        let index = sleepers.indices.filter({ sleepers[$0].deadline <= deadline })
          .min(by: { sleepers[$0].deadline < sleepers[$1].deadline })
      else { return nil }
      let sleeper = sleepers.remove(at: index)
      currentInstant = max(currentInstant, sleeper.deadline)
      return sleeper
    }
  }
}
