/// A throttle's decisions: an element passes now, waits for the interval's end, or is dropped. The
/// first element passes at once and opens an interval. One element that arrives within it is held
/// (the newest if `latest`, else the first) and passes when the interval ends, opening the next.
/// The machine never sleeps: it is told the time of each event; a held element whose time has come
/// counts as passed, whoever delivers it (the storage's timer, or the next arrival, if overdue).
struct ThrottleStateMachine<Element, Instant: InstantProtocol>: TimerStateMachine
where Instant.Duration == Duration {
  /// What to do with an element that arrived.
  enum Arrival {
    /// Pass it now.
    case pass
    /// Hold it until `start`; `replaced` is the held element it displaces (never passes): `nil`
    /// if nothing was held before (the caller starts a timer).
    case hold(until: Instant, replaced: Element?)
    /// Drop it: an element is held already and `latest` is `false`.
    case drop
  }

  let interval: Duration
  let latest: Bool
  /// The end of the current interval, opened by the last element that passed or is held.
  var intervalEnd: Instant?
  /// The held element, and when its interval ends.
  var pending: (element: Element, due: Instant)?
  var isCancelled = false

  /// An element arrived at `now`: returns the held element whose time has come already (the
  /// caller passes it first, if its timer has not), and what to do with the new one.
  mutating func receive(_ element: Element, at now: Instant) -> (due: Element?, arrival: Arrival) {
    if isCancelled { return (nil, .drop) }
    var due: Element?
    if let held = pending {
      if now < held.due {
        // Still within the interval: one element is held already.
        guard latest else { return (nil, .drop) }
        pending = (element, held.due)
        return (nil, .hold(until: held.due, replaced: held.element))
      }
      // Its interval ended: it counts as passed, and opened the interval `intervalEnd` ends.
      (due, pending) = (held.element, nil)
    }
    guard let end = intervalEnd, now < end else {
      // No interval is open: the element passes and opens one.
      intervalEnd = now.advanced(by: interval)
      return (due, .pass)
    }
    // Held until this interval ends; passing then opens the next one.
    pending = (element, end)
    intervalEnd = end.advanced(by: interval)
    return (due, .hold(until: end, replaced: nil))
  }
}

extension ThrottleStateMachine: Sendable where Element: Sendable {}
