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
      let machine = ThrottleStateMachine<(Element, EffectScope?), C.Instant>(
        interval: interval, latest: latest)
      let storage = TimerStorage(machine, clock: clock) { receive($0.0, $0.1) }
      let upstream = subscribe { value, origin in storage.throttle((value, origin)) }
      return upstream.and(SignalSubscription { storage.cancel() })
    }
  }
}
