/// What the timer of a time operator (`debounce`, `throttle`) does when it wakes.
enum TimerAction<Element, Instant> {
  /// Hand the element on; the timer ends.
  case deliver(Element)
  /// What is due now is due later: sleep until then.
  case sleep(until: Instant)
  /// Nothing is due (taken meanwhile, or cancelled): the timer ends.
  case stop
}

extension TimerAction: Sendable where Element: Sendable, Instant: Sendable {}

extension Clock where Duration == Swift.Duration {
  /// Runs a time operator's timer: sleeps until `first`, asks `fired` what to do at the time it
  /// woke, and goes on until it delivers or stops. Returns at once when its task is cancelled.
  func runTimer<Element>(
    until first: Instant, fired: (Instant) -> TimerAction<Element, Instant>,
    deliver: (Element) -> Void
  ) async {
    var deadline = first
    while true {
      do {
        try await sleep(until: deadline, tolerance: nil)
      } catch {
        return  // Cancelled: the operator's subscriber is gone.
      }
      switch fired(now) {
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
