/// Holds a signal throttle's state machine; performs what it decides: passes values, and runs the
/// timer that passes a held value when its interval ends.
final class ThrottleStorage<Element: Sendable, C: Clock>: Sendable where C.Duration == Duration {
  private let clock: C
  private let receiveOutput: @Sendable (Element) -> Void
  private let guarded: Locked<Guarded>

  private struct Guarded: Sendable {
    var machine: ThrottleStateMachine<Element, C.Instant>
    var timer: Task<Void, Never>?
  }

  init(
    clock: C, interval: Duration, latest: Bool, receive: @escaping @Sendable (Element) -> Void
  ) {
    self.clock = clock
    self.receiveOutput = receive
    guarded = .make(Guarded(machine: ThrottleStateMachine(interval: interval, latest: latest)))
  }

  func receive(_ element: Element) {
    // The time is read on the sender's thread, so a test that sends and then advances a test
    // clock sees the interval it expects.
    let now = clock.now
    let (due, passes) = guarded.withLock { guarded -> (Element?, Bool) in
      let (due, arrival) = guarded.machine.receive(element, at: now)
      switch arrival {
      case .pass:
        return (due, true)
      case .hold(let start, _, let isNew):
        if isNew { guarded.timer = Task { [self] in await runTimer(until: start) } }
        return (due, false)
      case .drop:
        return (due, false)
      }
    }
    // A held value whose interval ended before its timer woke passes first, keeping the order.
    if let due { receiveOutput(due) }
    if passes { receiveOutput(element) }
  }

  private func runTimer(until first: C.Instant) async {
    await clock.runTimer(
      until: first, fired: { now in guarded.withLock { $0.machine.timerFired(at: now) } },
      deliver: receiveOutput)
  }

  func cancel() {
    let timer = guarded.withLock { guarded -> Task<Void, Never>? in
      _ = guarded.machine.cancel()
      defer { guarded.timer = nil }
      return guarded.timer
    }
    timer?.cancel()
  }
}
