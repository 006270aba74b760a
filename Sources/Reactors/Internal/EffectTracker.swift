/// Counts a runtime's tasks that have not returned yet; installed by leak checks and test stores.
@_spi(Testing) public final class EffectTracker: Sendable {
  fileprivate let state = Locked<State>.make(State())

  fileprivate struct State {
    var running = 0
    var nextWaiterID: UInt64 = 0
    /// Who waits, until which of `isIdle` and `isSettled` holds.
    var waiters:
      [UInt64: (until: KeyPath<State, Bool>, continuation: CheckedContinuation<Void, Never>)] = [:]
    /// The tasks asleep on a test clock, with what they wait for.
    var asleep: [ObjectIdentifier: ParkedEffect] = [:]

    /// Whether no task runs.
    var isIdle: Bool { running == 0 }
    /// Whether no task runs, or every one sleeps on a test clock: nothing sends until the test acts.
    var isSettled: Bool { isIdle || asleep.count >= running }
  }

  /// An effect task asleep on a test clock.
  public struct ParkedEffect: Sendable {
    /// The action whose work the task runs.
    public let action: any Sendable
    /// What it waits for, described by the clock: its deadline and the clock's time.
    public let describeWait: @Sendable () -> String
  }

  /// Tasks started and not yet returned.
  public var runningCount: Int { state.withLock { $0.running } }

  func taskStarted() { state.withLock { $0.running += 1 } }

  func taskEnded() { update { $0.running -= 1 } }

  /// The tasks asleep on a test clock, if every running task is; `nil` otherwise, and when idle.
  public var parkedEffects: [ParkedEffect]? {
    state.withLock { $0.running > 0 && $0.isSettled ? Array($0.asleep.values) : nil }
  }

  /// Returns once every running task (if any) sleeps on a test clock, or the caller is cancelled.
  public func waitUntilSettled() async { await wait(until: \.isSettled) }

  /// Returns once no task is running, or as soon as the calling task is cancelled.
  public func waitUntilNoneRunning() async { await wait(until: \.isIdle) }

  /// Changes the state, then takes out the waiters it satisfies and resumes them, unlocked.
  fileprivate func update(_ change: (inout State) -> Void) {
    let satisfied = state.withLock { state in
      change(&state)
      let satisfied = state.waiters.filter { state[keyPath: $0.value.until] }
      for id in satisfied.keys { state.waiters[id] = nil }
      return satisfied.values.map(\.continuation)
    }
    for waiter in satisfied { waiter.resume() }
  }

  /// Cancellation ends the wait, so that a caller can race it against a timeout in a task group.
  private func wait(until condition: KeyPath<State, Bool>) async {
    let id = state.withLock { state in
      state.nextWaiterID += 1
      return state.nextWaiterID
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let resumeNow = state.withLock { state in
          // Under `onCancel`'s lock: an earlier cancel is seen here; a later one finds the waiter.
          if state[keyPath: condition] || Task.isCancelled { return true }
          state.waiters[id] = (condition, continuation)
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume()
    }
  }
}

/// An effect task counted by a tracker, as its work sees it through a task-local value: a test
/// clock tells it of its sleeps, so that a test store knows when every effect waits on a clock.
@_spi(Testing) public final class TrackedTask: Sendable {
  /// The counted task running now, or one its child tasks inherited.
  @TaskLocal public static var current: TrackedTask?

  let tracker: EffectTracker
  let action: any Sendable
  /// The identity of the counted task itself, so that its child tasks do not count as it.
  private let taskHash = withUnsafeCurrentTask { $0?.hashValue }

  init(tracker: EffectTracker, action: any Sendable) {
    self.tracker = tracker
    self.action = action
  }

  /// Whether the calling task is the counted task itself: a child task (a `merge`'s part, a task
  /// the work spawned) that sleeps leaves the counted one busy, waiting for it.
  public var isCallingTask: Bool { withUnsafeCurrentTask { $0?.hashValue } == taskHash }

  /// The task sleeps on a test clock until `wokeUp()`; `describeWait` tells what for.
  public func fellAsleep(_ describeWait: @escaping @Sendable () -> String) {
    let parked = EffectTracker.ParkedEffect(action: action, describeWait: describeWait)
    tracker.update { $0.asleep[ObjectIdentifier(self)] = parked }
  }

  /// The test clock woke the task, or its sleep was cancelled.
  public func wokeUp() {
    tracker.state.withLock { _ = $0.asleep.removeValue(forKey: ObjectIdentifier(self)) }
  }
}
