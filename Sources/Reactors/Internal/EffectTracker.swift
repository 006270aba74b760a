/// Counts the tasks a runtime started that have not returned yet; installed by leak checks and
/// by `ReactorsTesting`'s test store.
@_spi(Testing) public final class EffectTracker: Sendable {
  private let state = Locked<State>.make(State())

  private struct State {
    var running = 0
    var nextWaiterID: UInt64 = 0
    /// Who waits, for what.
    var waiters: [UInt64: (condition: Condition, continuation: CheckedContinuation<Void, Never>)] =
      [:]
    /// The tasks asleep on a test clock, with what they wait for.
    var asleep: [ObjectIdentifier: ParkedEffect] = [:]

    /// Whether no task runs, or every one sleeps on a test clock: nothing sends any more until
    /// the test does something.
    var isSettled: Bool { running == 0 || asleep.count >= running }

    func holds(_ condition: Condition) -> Bool {
      switch condition {
      case .noneRunning: running == 0
      case .settled: isSettled
      }
    }

    /// Takes out the waiters whose condition holds now, for the caller to resume.
    mutating func takeSatisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
      let satisfied = waiters.filter { holds($0.value.condition) }
      for id in satisfied.keys { waiters[id] = nil }
      return satisfied.values.map(\.continuation)
    }
  }

  /// What a waiter waits for.
  private enum Condition {
    case noneRunning
    case settled
  }

  /// An effect task asleep on a test clock.
  public struct ParkedEffect: Sendable {
    /// The action whose work the task runs.
    public let action: any Sendable
    /// What it waits for, described by the clock: its deadline and the clock's time.
    public let describeWait: @Sendable () -> String
  }

  init() {}

  /// Tasks started and not yet returned.
  public var runningCount: Int { state.withLock { $0.running } }

  func taskStarted() {
    state.withLock { $0.running += 1 }
  }

  func taskEnded() {
    update { $0.running -= 1 }
  }

  /// The effect tasks asleep on a test clock, if every running task is; `nil` otherwise, and
  /// when none runs.
  public var parkedEffects: [ParkedEffect]? {
    state.withLock { state in
      state.running > 0 && state.isSettled ? Array(state.asleep.values) : nil
    }
  }

  func taskFellAsleep(_ task: TrackedTask, _ describeWait: @escaping @Sendable () -> String) {
    update {
      $0.asleep[ObjectIdentifier(task)] = ParkedEffect(
        action: task.action, describeWait: describeWait)
    }
  }

  func taskWokeUp(_ task: TrackedTask) {
    state.withLock { _ = $0.asleep.removeValue(forKey: ObjectIdentifier(task)) }
  }

  /// Returns once no task is running or every running one sleeps on a test clock, or as soon as
  /// the calling task is cancelled.
  public func waitUntilSettled() async {
    await wait(until: .settled)
  }

  /// Returns once no task is running, or as soon as the calling task is cancelled.
  ///
  /// Cancellation ends the wait so that a caller can race it against a timeout in a task group.
  public func waitUntilNoneRunning() async {
    await wait(until: .noneRunning)
  }

  /// Changes the state, then resumes the waiters it satisfies.
  private func update(_ change: (inout State) -> Void) {
    let satisfied = state.withLock { state in
      change(&state)
      return state.takeSatisfiedWaiters()
    }
    for waiter in satisfied { waiter.resume() }
  }

  private func wait(until condition: Condition) async {
    let id = state.withLock { state in
      state.nextWaiterID += 1
      return state.nextWaiterID
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let resumeNow = state.withLock { state in
          // Checked under the lock that `onCancel` takes: a cancel that came first is seen here,
          // a later one finds the waiter registered.
          if state.holds(condition) || Task.isCancelled { return true }
          state.waiters[id] = (condition, continuation)
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
      waiter?.continuation.resume()
    }
  }
}

/// An effect task counted by a tracker, as its work sees it through a task-local value: what a
/// test clock tells when the task sleeps on it, so that a test store knows when every effect
/// waits for the test to advance a clock.
@_spi(Testing) public final class TrackedTask: Sendable {
  /// The counted task running now, or one its child tasks inherited.
  @TaskLocal public static var current: TrackedTask?

  let tracker: EffectTracker
  let action: any Sendable
  /// The identity of the counted task itself, so that its child tasks do not count as it.
  private let taskHash: Int?

  init(tracker: EffectTracker, action: any Sendable) {
    self.tracker = tracker
    self.action = action
    taskHash = withUnsafeCurrentTask { $0?.hashValue }
  }

  /// Whether the calling task is the counted task itself: a child task (a `merge`'s part, a task
  /// the work spawned) that sleeps leaves the counted one busy, waiting for it.
  public var isCallingTask: Bool {
    withUnsafeCurrentTask { $0?.hashValue } == taskHash
  }

  /// The task sleeps on a test clock until `wokeUp()`; `describeWait` tells what for.
  public func fellAsleep(_ describeWait: @escaping @Sendable () -> String) {
    tracker.taskFellAsleep(self, describeWait)
  }

  /// The test clock woke the task, or its sleep was cancelled.
  public func wokeUp() {
    tracker.taskWokeUp(self)
  }
}
