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
extension TimerAction: Equatable where Element: Equatable, Instant: Equatable {}

/// The state machine of a time operator, as ``TimerStorage`` drives it.
protocol TimerStateMachine {
  associatedtype Element
  associatedtype Instant

  /// The timer woke at `now`.
  mutating func timerFired(at now: Instant) -> TimerAction<Element, Instant>

  /// The operator ended: nothing is delivered any more.
  mutating func cancel()
}
