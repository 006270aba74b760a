extension Signal {
  /// Delivers the first value at once, then at most one value per `interval` on `clock`: the
  /// newest one that arrived within it (`latest: true`) or the first (`latest: false`), when the
  /// interval ends.
  ///
  /// Combine's `throttle(for:scheduler:latest:)`, on an injected clock. Times are read on the
  /// sender's thread, so a test that sends values and then advances a test clock sees exactly the
  /// values it expects.
  ///
  /// ```swift
  /// func transform(action: Signal<Action>) -> Signal<Action> {
  ///   action.throttle(for: .seconds(1), clock: clock, latest: true)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - interval: The least time between two values delivered.
  ///   - clock: The clock the interval is measured on.
  ///   - latest: Whether a held value is the newest (`true`) or the first (`false`) of those
  ///     that arrived within the interval.
  public func throttle(
    for interval: Duration, clock: any Clock<Duration>, latest: Bool
  ) -> Signal {
    throttle(for: interval, on: clock, latest: latest)
  }

  private func throttle<C: Clock>(for interval: Duration, on clock: C, latest: Bool) -> Signal
  where C.Duration == Duration {
    Signal { receive in
      typealias Machine = ThrottleStateMachine<(Element, EffectScope?), C.Instant>
      let storage = TimerStorage(Machine(interval: interval, latest: latest), clock: clock) {
        receive($0.0, $0.1)
      }
      let upstream = subscribe { value, origin in
        let now = clock.now  // On the sender's thread, before the lock: see above.
        var due: (Element, EffectScope?)?
        var passes = false
        storage.withMachine { machine in
          let arrival: Machine.Arrival
          (due, arrival) = machine.receive((value, origin), at: now)
          if case .pass = arrival { passes = true }
          // The first value held in an interval starts the timer; a later one finds it running.
          guard case .hold(let start, replaced: .none) = arrival else { return nil }
          return start
        }
        // A held value whose interval ended before its timer woke passes first, keeping the order.
        if let due { receive(due.0, due.1) }
        if passes { receive(value, origin) }
      }
      return upstream.and(SignalSubscription { storage.cancel() })
    }
  }
}
