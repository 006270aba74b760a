/// Counts the tasks a runtime started that have not returned yet; installed by leak checks and
/// by `ReactorsTesting`'s test store.
@_spi(Testing) public final class EffectTracker: Sendable {
  private let state = Locked<State>.make(State())

  private struct State {
    var running = 0
    var nextWaiterID: UInt64 = 0
    var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
  }

  init() {}

  /// Tasks started and not yet returned.
  public var runningCount: Int { state.withLock { $0.running } }

  func taskStarted() {
    state.withLock { $0.running += 1 }
  }

  func taskEnded() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.running -= 1
      guard state.running == 0 else { return [] }
      defer { state.waiters = [:] }
      return Array(state.waiters.values)
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Returns once no task is running, or as soon as the calling task is cancelled.
  ///
  /// Cancellation ends the wait so that a caller can race it against a timeout in a task group.
  public func waitUntilNoneRunning() async {
    let id = state.withLock { state in
      state.nextWaiterID += 1
      return state.nextWaiterID
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let resumeNow = state.withLock { state in
          // Checked under the lock that `onCancel` takes: a cancel that came first is seen here,
          // a later one finds the waiter registered.
          if state.running == 0 || Task.isCancelled { return true }
          state.waiters[id] = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
      waiter?.resume()
    }
  }
}
