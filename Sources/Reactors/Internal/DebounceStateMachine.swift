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

/// Holds a debounce's state machine and its timer task; performs what the machine decides.
final class DebounceStorage<Element: Sendable, C: Clock>: Sendable where C.Duration == Duration {
  private let clock: C
  private let duration: Duration
  private let receiveOutput: @Sendable (Element) -> Void
  private let guarded: Locked<Guarded>

  private struct Guarded: Sendable {
    var machine = DebounceStateMachine<Element, C.Instant>()
    var timer: Task<Void, Never>?
  }

  init(clock: C, duration: Duration, receive: @escaping @Sendable (Element) -> Void) {
    self.clock = clock
    self.duration = duration
    self.receiveOutput = receive
    guarded = .make(Guarded())
  }

  func receive(_ element: Element) {
    let deadline = clock.now.advanced(by: duration)
    guarded.withLock { guarded in
      guard guarded.machine.receive(element, due: deadline) else { return }
      guarded.timer = Task { [self] in await runTimer(until: deadline) }
    }
  }

  private func runTimer(until first: C.Instant) async {
    await clock.runTimer(
      until: first, fired: { now in guarded.withLock { $0.machine.timerFired(at: now) } },
      deliver: receiveOutput)
  }

  func cancel() {
    let timer = guarded.withLock { guarded -> Task<Void, Never>? in
      guarded.machine.cancel()
      defer { guarded.timer = nil }
      return guarded.timer
    }
    timer?.cancel()
  }
}
