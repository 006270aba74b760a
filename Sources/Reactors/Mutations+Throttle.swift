extension Mutations {
  /// Starts this work at once, then at most one run per `interval` under the same `id`: runs that
  /// arrive within the interval are held — only the newest (`latest: true`) or only the first —
  /// and the one held starts when the interval ends.
  ///
  /// Combine's `throttle(for:scheduler:latest:)`, where an element is a run of this work. Times
  /// are read from `clock` when `mutate` returns, so under a test clock a test can send actions
  /// and advance the clock without racing the effect's task. Started runs overlap like
  /// ``CancellationPolicy/merge``.
  ///
  /// ```swift
  /// case .refresh:
  ///   return .run { [client] send in send(.setItems(try await client.items())) }
  ///     .throttle(id: "refresh", for: .seconds(1), clock: clock, latest: true)
  /// ```
  ///
  /// ``cancel(id:)`` cancels both the running and the held runs and forgets the interval: the
  /// next run starts at once. Releasing the reactor cancels them too; no mutation of a cancelled
  /// run reaches `reduce`.
  ///
  /// - Parameters:
  ///   - id: Any hashable value; runs with equal ids share the interval.
  ///   - interval: The least time between the starts of two runs.
  ///   - clock: The clock the interval is measured on.
  ///   - latest: Whether the held run is the newest (`true`) or the first (`false`) of those that
  ///     arrived within the interval.
  public func throttle(
    id: some Hashable & Sendable, for interval: Duration, clock: any Clock<Duration>,
    latest: Bool
  ) -> Mutations {
    let throttle = Throttle(id: EffectID(id), interval: interval, clock: clock, latest: latest)
    return Mutations(.scoped(.throttle(throttle), node))
  }
}
