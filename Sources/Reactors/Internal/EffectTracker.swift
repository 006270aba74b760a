/// Counts the tasks a runtime started that have not returned yet; installed by leak checks.
@_spi(Testing) public final class EffectTracker: Sendable {
  private let state = Locked<State>.make(State())

  private struct State {
    var running = 0
    var waiters: [CheckedContinuation<Void, Never>] = []
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
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Returns once no task is running.
  public func waitUntilNoneRunning() async {
    await withCheckedContinuation { continuation in
      let isIdle = state.withLock { state in
        if state.running == 0 { return true }
        state.waiters.append(continuation)
        return false
      }
      if isIdle { continuation.resume() }
    }
  }
}
