@_spi(Testing) import Reactors

/// A clock whose time moves only when a test says so; sleepers wake in deadline order.
///
/// ```swift
/// let clock = TestClock()
/// let store = TestStore(SearchReactor(clock: clock))
/// await store.send(.updateQuery("swift")) { $0.query = "swift" }  // debounced by 300 ms
/// await clock.advance(by: .milliseconds(300))
/// await store.receive(.setResults(["swift-nio"])) { $0.results = ["swift-nio"] }
/// ```
///
/// A sleep whose deadline is already reached returns at once, so work that computes its deadline
/// before the test advances (as `Mutations.delay` and `Mutations.debounce` do) never races it.
public final class TestClock: Clock, Sendable {
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
    /// The effect task of a test store's reactor that sleeps, if it is one.
    let tracked: TrackedTask?
  }

  private struct SleeperWaiter {
    let id: UInt64
    let count: Int
    let continuation: CheckedContinuation<Void, Never>
  }

  private struct Contents {
    var now = Instant()
    var sleepers: [Sleeper] = []
    var sleeperWaiters: [SleeperWaiter] = []
    var lastID: UInt64 = 0

    mutating func makeID() -> UInt64 {
      lastID += 1
      return lastID
    }

    /// Removes the waiters whose count of sleepers is reached.
    mutating func takeSatisfiedSleeperWaiters() -> [CheckedContinuation<Void, Never>] {
      let satisfied = sleeperWaiters.filter { $0.count <= sleepers.count }
      sleeperWaiters.removeAll { $0.count <= sleepers.count }
      return satisfied.map(\.continuation)
    }
  }

  /// Continuations are resumed after its lock is released.
  private let contents = Protected(Contents())

  /// Makes a clock at offset zero.
  public init() {}

  /// The current instant; it changes only through ``advance(by:)``, ``advance(to:)`` and ``run()``.
  public var now: Instant {
    contents.withLock { $0.now }
  }

  /// The smallest step the clock takes: none.
  public var minimumResolution: Duration { .zero }

  /// How many sleeps are waiting for the clock to advance.
  public var sleeperCount: Int {
    contents.withLock { $0.sleepers.count }
  }

  /// Suspends until the clock reaches `deadline`; throws `CancellationError` if cancelled first.
  ///
  /// Returns at once when `deadline` is already reached. A cancelled sleep is removed from the
  /// clock: it no longer counts in ``sleeperCount`` and ``run()`` does not wait for it.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = contents.withLock { $0.makeID() }
    // An effect task that sleeps here tells its test store, which then knows that it waits for
    // the test to advance this clock; a child task's sleep leaves the effect busy.
    let tracked = TrackedTask.current.flatMap { $0.isCallingTask ? $0 : nil }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        enum Start { case due, cancelled, waiting([CheckedContinuation<Void, Never>]) }
        let start = contents.withLock { contents -> Start in
          if deadline <= contents.now { return .due }
          // Under the lock `onCancel` takes too: a cancel that came first is seen here, a later
          // one finds the sleeper registered.
          if Task.isCancelled { return .cancelled }
          contents.sleepers.append(
            Sleeper(id: id, deadline: deadline, continuation: continuation, tracked: tracked))
          // Under the lock that wakes sleepers, so that a wake never comes before the sleep.
          tracked?.fellAsleep { [weak self] in
            let now = self.map { " (the clock is at \($0.now.offset))" } ?? ""
            return "sleeps on a TestClock until \(deadline.offset)\(now)"
          }
          return .waiting(contents.takeSatisfiedSleeperWaiters())
        }
        switch start {
        case .due: continuation.resume()
        case .cancelled: continuation.resume(throwing: CancellationError())
        case .waiting(let waiters): for waiter in waiters { waiter.resume() }
        }
      }
    } onCancel: {
      let cancelled = contents.withLock { contents -> Sleeper? in
        guard let index = contents.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        contents.sleepers[index].tracked?.wokeUp()
        return contents.sleepers.remove(at: index)
      }
      cancelled?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Returns once at least `count` tasks sleep on the clock; fails the test after `timeout`.
  ///
  /// For work that computes its deadline inside an effect (`try await clock.sleep(for:)` in a
  /// `.run`): advancing before the effect sleeps would move the clock past a deadline that does
  /// not exist yet. Wait for the sleep, then advance.
  ///
  /// ```swift
  /// await store.send(.retry)
  /// await clock.waitForSleepers()
  /// await clock.advance(by: .seconds(2))
  /// ```
  ///
  /// (`Mutations.delay` and `Mutations.debounce` fix their deadlines when `send` returns; they
  /// need no wait.)
  ///
  /// - Parameters:
  ///   - count: How many sleepers to wait for.
  ///   - timeout: How long to wait at most, in real time; a safety net for a failing test.
  ///   - fileID: The file that failures point at; leave the default, the caller's.
  ///   - filePath: The path of that file; leave the default.
  ///   - line: The line that failures point at; leave the default.
  ///   - column: The column that failures point at; leave the default.
  public func waitForSleepers(
    _ count: Int = 1,
    timeout: Duration = .seconds(30),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let deadline = ContinuousClock.now.advanced(by: timeout)
    let isReached = await withTaskGroup(of: Bool.self) { group in
      group.addTask { await self.waitUntilSleeping(count) }
      group.addTask {
        try? await Task.sleep(until: deadline, clock: .continuous)
        return false
      }
      let first = await group.next() ?? false
      group.cancelAll()
      return first
    }
    guard !isReached, sleeperCount < count else { return }
    FailureReporter.fail(
      "Expected \(count) \(count == 1 ? "task" : "tasks") to sleep on the TestClock within "
        + "\(timeout), but \(sleeperCount) did.",
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Returns `true` once `count` tasks sleep, `false` when cancelled first.
  private func waitUntilSleeping(_ count: Int) async -> Bool {
    let id = contents.withLock { $0.makeID() }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let isDone = contents.withLock { contents in
          if contents.sleepers.count >= count || Task.isCancelled { return true }
          contents.sleeperWaiters.append(
            SleeperWaiter(id: id, count: count, continuation: continuation))
          return false
        }
        if isDone { continuation.resume() }
      }
      return sleeperCount >= count
    } onCancel: {
      let waiter = contents.withLock { contents -> SleeperWaiter? in
        guard let index = contents.sleeperWaiters.firstIndex(where: { $0.id == id }) else {
          return nil
        }
        return contents.sleeperWaiters.remove(at: index)
      }
      waiter?.continuation.resume()
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
    await Task.yield()
  }

  /// Advances until no sleeper is left, however far that is, waking sleepers in deadline order.
  ///
  /// > Important: A task that sleeps again every time it wakes (a timer) keeps `run()` going
  /// > forever; advance such a clock by a duration instead.
  public func run() async {
    while let deadline = contents.withLock({ $0.sleepers.map(\.deadline).min() }) {
      await advance(to: deadline)
    }
  }

  /// Removes the earliest sleeper due by `deadline` and moves the clock to its deadline; when
  /// none is due, moves the clock to `deadline` and returns `nil`.
  ///
  /// Finding no sleeper due and moving the clock happen under one lock: a sleep that registers
  /// between the two would otherwise miss both the wake-up and the "already due" check, and wait
  /// for an advance that never comes.
  private func wakeNext(notAfter deadline: Instant) -> Sleeper? {
    contents.withLock { contents in
      let sleepers = contents.sleepers
      guard
        let index = sleepers.indices.filter({ sleepers[$0].deadline <= deadline })
          .min(by: { sleepers[$0].deadline < sleepers[$1].deadline })
      else {
        contents.now = max(contents.now, deadline)
        return nil
      }
      let sleeper = contents.sleepers.remove(at: index)
      sleeper.tracked?.wokeUp()  // Busy from now on, before its task even runs again.
      contents.now = max(contents.now, sleeper.deadline)
      return sleeper
    }
  }
}
