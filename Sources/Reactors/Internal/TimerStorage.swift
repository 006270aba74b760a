/// Holds the state machine of a time operator (`debounce`, `throttle`) and its one timer task
/// under one lock; runs the timer, and hands on what the machine delivers outside the lock.
final class TimerStorage<Machine: TimerStateMachine & Sendable, C: Clock>: Sendable
where Machine.Instant == C.Instant, C.Duration == Duration {
  let clock: C
  /// Hands an element on; called outside the lock.
  let deliver: @Sendable (Machine.Element) -> Void
  private let guarded: Locked<Guarded>

  private struct Guarded: Sendable {
    var machine: Machine
    var timer: Task<Void, Never>?
  }

  init(_ machine: Machine, clock: C, deliver: @escaping @Sendable (Machine.Element) -> Void) {
    self.clock = clock
    self.deliver = deliver
    guarded = .make(Guarded(machine: machine))
  }

  /// Runs `event` on the machine under the lock; when it returns an instant, starts the timer,
  /// which sleeps until then.
  func withMachine(_ event: (inout Machine) -> C.Instant?) {
    guarded.withLock { guarded in
      guard let start = event(&guarded.machine) else { return }
      guarded.timer = Task { [self] in await runTimer(until: start) }
    }
  }

  /// Ends the operator: the machine delivers nothing more, and the timer stops.
  func cancel() {
    let timer = guarded.withLock { guarded -> Task<Void, Never>? in
      guarded.machine.cancel()
      defer { guarded.timer = nil }
      return guarded.timer
    }
    timer?.cancel()
  }

  /// Sleeps until `first`, asks the machine what to do at the time it woke, and goes on until it
  /// delivers or stops. Returns at once when its task is cancelled.
  private func runTimer(until first: C.Instant) async {
    var deadline = first
    while true {
      do {
        try await clock.sleep(until: deadline, tolerance: nil)
      } catch {
        return  // Cancelled: the operator's subscriber is gone.
      }
      let now = clock.now
      switch guarded.withLock({ $0.machine.timerFired(at: now) }) {
      case .deliver(let element):
        return deliver(element)
      case .sleep(let later):
        deadline = later
      case .stop:
        return
      }
    }
  }
}
