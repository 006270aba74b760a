/// The state machine of a time operator (`debounce`, `throttle`), as ``TimerStorage`` drives it:
/// it holds at most one element, due at an instant, for its one timer to deliver.
protocol TimerStateMachine {
  associatedtype Element
  associatedtype Instant: Comparable

  /// The element waiting for the timer, and when it is due.
  var pending: (element: Element, due: Instant)? { get set }
  /// Whether the operator has ended: nothing is taken in or delivered any more.
  var isCancelled: Bool { get set }
}

/// What the timer of a time operator does when it wakes.
enum TimerAction<Element, Instant> {
  /// Hand the element on; the timer ends.
  case deliver(Element)
  /// What is due now is due later: sleep until then.
  case sleep(until: Instant)
  /// Nothing is due (taken meanwhile, or cancelled): the timer ends.
  case stop
}

extension TimerAction: Equatable where Element: Equatable, Instant: Equatable {}

extension TimerStateMachine {
  /// The timer woke at `now`: the pending element is delivered if it is due.
  mutating func timerFired(at now: Instant) -> TimerAction<Element, Instant> {
    guard let pending else { return .stop }
    if now < pending.due { return .sleep(until: pending.due) }
    self.pending = nil
    return .deliver(pending.element)
  }

  /// Ends the operator: the pending element is never delivered.
  mutating func cancel() {
    isCancelled = true
    pending = nil
  }
}

/// Runs a time operator's machine and its one timer task under one lock; delivers unlocked.
final class TimerStorage<Machine: TimerStateMachine & Sendable, C: Clock>: Sendable
where Machine.Instant == C.Instant {
  let clock: C
  /// Hands an element on; called outside the lock.
  let deliver: @Sendable (Machine.Element) -> Void
  /// The machine, and the timer task once started.
  private let guarded: Locked<(machine: Machine, timer: Task<Void, Never>?)>

  init(_ machine: Machine, clock: C, deliver: @escaping @Sendable (Machine.Element) -> Void) {
    (self.clock, self.deliver) = (clock, deliver)
    guarded = .make((machine, nil))
  }

  /// Runs `event` on the machine under the lock; starts the timer until the instant it returns.
  func withMachine(_ event: (inout Machine) -> C.Instant?) {
    guarded.withLock { guarded in
      guard let start = event(&guarded.machine) else { return }
      guarded.timer = Task { [self] in await runTimer(until: start) }
    }
  }

  /// Ends the operator: the machine delivers nothing more, and the timer stops.
  func cancel() {
    guarded.withLock { guarded in
      guarded.machine.cancel()
      return guarded.timer.take()
    }?.cancel()
  }

  /// Sleeps until `first`, asks the machine what to do as it wakes, until it delivers or stops.
  private func runTimer(until first: C.Instant) async {
    var deadline = first
    // Throws once cancelled: the operator's subscriber is gone.
    while (try? await clock.sleep(until: deadline, tolerance: nil)) != nil {
      let now = clock.now
      switch guarded.withLock({ $0.machine.timerFired(at: now) }) {
      case .deliver(let element): return deliver(element)
      case .sleep(let later): deadline = later
      case .stop: return
      }
    }
  }
}
