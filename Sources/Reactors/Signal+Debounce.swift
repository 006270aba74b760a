extension Signal {
  /// Delivers a value only once `duration` has passed on `clock` without a newer one.
  ///
  /// The deadline is computed from `clock.now` when the value arrives, on the sender's thread, so
  /// a test that sends a value and then advances a test clock sees it fire deterministically.
  ///
  /// ```swift
  /// func transform(action: Signal<Action>) -> Signal<Action> {
  ///   action.debounce(for: .milliseconds(300), clock: clock)
  /// }
  /// ```
  public func debounce(for duration: Duration, clock: any Clock<Duration>) -> Signal {
    debounce(for: duration, on: clock)
  }

  private func debounce<C: Clock>(for duration: Duration, on clock: C) -> Signal
  where C.Duration == Duration {
    Signal { receive in
      let machine = DebounceStateMachine<(Element, EffectScope?), C.Instant>()
      let storage = TimerStorage(machine, clock: clock) { receive($0.0, $0.1) }
      let upstream = subscribe { value, origin in
        let deadline = clock.now.advanced(by: duration)
        storage.withMachine { $0.receive((value, origin), due: deadline) ? deadline : nil }
      }
      return upstream.and(SignalSubscription { storage.cancel() })
    }
  }
}
