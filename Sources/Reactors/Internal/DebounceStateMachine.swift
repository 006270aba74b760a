/// The decisions of a debounce: which value is pending, and when it is due. A value that arrives
/// while the timer sleeps only replaces the pending one and its deadline; the woken timer sleeps
/// again until that: a burst of values runs one timer task, not one each.
struct DebounceStateMachine<Element, Instant: Comparable>: TimerStateMachine {
  var pending: (element: Element, due: Instant)?
  var isCancelled = false

  /// A value due at `deadline` arrived, replacing any pending one: whether to start the timer.
  mutating func receive(_ element: Element, due deadline: Instant) -> Bool {
    if isCancelled { return false }
    defer { pending = (element, deadline) }
    return pending == nil
  }
}

extension DebounceStateMachine: Sendable where Element: Sendable, Instant: Sendable {}
