/// The decisions of a debounce: which value is pending, when it is due, and what the one timer
/// does when it wakes.
///
/// A value that arrives while the timer sleeps only replaces the pending value and its deadline;
/// the timer, when it wakes, sleeps again until the newer deadline. So a burst of values runs one
/// timer task, not one per value. Each event returns what the caller must do; the storage
/// performs it outside its lock.
struct DebounceStateMachine<Element: Sendable, Instant: Comparable & Sendable>: Sendable {
  private enum State: Sendable {
    /// Nothing pending, no timer.
    case idle
    /// The timer delivers `element` at `deadline`.
    case waiting(element: Element, deadline: Instant)
    /// Cancelled: nothing is delivered any more.
    case cancelled
  }

  private var state = State.idle

  /// A value arrived, due at `deadline`: it replaces any pending one.
  ///
  /// - Returns: Whether to start the timer; `false` when one runs already (it finds the new
  ///   deadline when it wakes) or once cancelled.
  mutating func receive(_ element: Element, due deadline: Instant) -> Bool {
    switch state {
    case .cancelled:
      return false
    case .idle:
      state = .waiting(element: element, deadline: deadline)
      return true
    case .waiting:
      state = .waiting(element: element, deadline: deadline)
      return false
    }
  }

  /// The timer woke at `now`.
  mutating func timerFired(at now: Instant) -> TimerAction<Element, Instant> {
    guard case .waiting(let element, let deadline) = state else { return .stop }
    if now < deadline { return .sleep(until: deadline) }
    state = .idle
    return .deliver(element)
  }

  /// The subscription ended; nothing pending is delivered.
  mutating func cancel() {
    state = .cancelled
  }
}

extension DebounceStateMachine: TimerStateMachine {}

extension TimerStorage {
  /// A value arrived: it is delivered once `duration` passes without a newer one.
  func debounce<Element>(_ element: Element, for duration: Duration)
  where Machine == DebounceStateMachine<Element, C.Instant> {
    let deadline = clock.now.advanced(by: duration)
    withMachine { $0.receive(element, due: deadline) ? deadline : nil }
  }
}
