extension Mutations {
  /// Runs this work after `duration` has passed on `clock`.
  ///
  /// The deadline is fixed from `clock.now` when `mutate` returns, so under a test clock a test can
  /// send an action and advance the clock without racing the effect's task.
  public func delay(for duration: Duration, clock: any Clock<Duration>) -> Mutations {
    Mutations(.delayed(Delay(duration: duration, clock: clock), node))
  }

  /// Runs this work once `duration` has passed without another run under the same `id`: each
  /// new run cancels the waiting or running one (``CancellationPolicy/latest``).
  ///
  /// ```swift
  /// case .updateUsername(let name):
  ///   return .concat(
  ///     .just(.setUsername(name)),
  ///     .run { [client] send in send(.setAvailability(try await client.isAvailable(name))) }
  ///       .debounce(id: "availability", for: .milliseconds(300), clock: clock)
  ///   )
  /// ```
  public func debounce(
    id: some Hashable & Sendable, for duration: Duration, clock: any Clock<Duration>
  ) -> Mutations {
    delay(for: duration, clock: clock).cancellable(id: id, policy: .latest)
  }
}
