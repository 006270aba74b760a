/// The decisions of a debounce: which value is pending, and when it is due. A value that arrives
/// while the timer sleeps only replaces the pending one and its deadline; the woken timer sleeps
/// again until that: a burst of values runs one timer task, not one each.
struct DebounceStateMachine<Element, Instant: Comparable>: TimerStateMachine {
  var pending: (element: Element, due: Instant)?
  var isCancelled = false

  /// A value arrived, due at `deadline`: it replaces any pending one. Returns whether to start the
  /// timer: not when one runs already (it finds the new deadline when it wakes), or once cancelled.
  mutating func receive(_ element: Element, due deadline: Instant) -> Bool {
    if isCancelled { return false }
    defer { pending = (element, deadline) }
    return pending == nil
  }
}

extension DebounceStateMachine: Sendable where Element: Sendable, Instant: Sendable {}
