/// The decisions of a debounce: which value is pending and whether a timer that fires is still
/// the current one.
///
/// Each event returns what the caller must do; the storage performs it outside its lock.
struct DebounceStateMachine<Element: Sendable>: Sendable {
  private enum State: Sendable {
    /// Nothing pending.
    case idle
    /// `element` is delivered when the timer of `generation` fires.
    case waiting(element: Element, generation: UInt64)
    /// Cancelled: nothing is delivered any more.
    case cancelled
  }

  private var state = State.idle
  private var generation: UInt64 = 0

  /// A value arrived: it replaces any pending one.
  ///
  /// - Returns: The generation of the timer to start, or `nil` once cancelled.
  mutating func receive(_ element: Element) -> UInt64? {
    switch state {
    case .cancelled:
      return nil
    case .idle, .waiting:
      // The newer value wins; the older timer is told apart by its generation.
      generation += 1
      state = .waiting(element: element, generation: generation)
      return generation
    }
  }

  /// The timer of `generation` fired.
  ///
  /// - Returns: The value to deliver, or `nil` if a newer value superseded this timer.
  mutating func timerFired(generation fired: UInt64) -> Element? {
    guard case .waiting(let element, let current) = state, current == fired else { return nil }
    state = .idle
    return element
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
    var machine = DebounceStateMachine<Element>()
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
    let previous = guarded.withLock { guarded -> Task<Void, Never>? in
      guard let generation = guarded.machine.receive(element) else { return nil }
      let previous = guarded.timer
      guarded.timer = Task { [self] in
        do {
          try await clock.sleep(until: deadline, tolerance: nil)
        } catch {
          return  // cancelled: superseded or unsubscribed
        }
        timerFired(generation: generation)
      }
      return previous
    }
    previous?.cancel()
  }

  private func timerFired(generation: UInt64) {
    let element = guarded.withLock { $0.machine.timerFired(generation: generation) }
    if let element { receiveOutput(element) }
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
