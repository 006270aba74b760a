extension Reactor {
  /// Reduces recorded mutations, in order, into a state, and returns every state they make:
  /// the session replayed without `mutate`, effects, I/O or clock.
  ///
  /// ```swift
  /// let recording = try Recording<SearchReactor>(contentsOf: url)
  /// for state in reactor.replay(recording.mutations) { print(state) }
  /// ```
  ///
  /// Only ``reduce(state:mutation:)`` runs, so the states are the session's exactly, whatever
  /// the network or the timing did then. The reactor's runtime is not used: the reactor itself
  /// stays as it was.
  ///
  /// - Parameters:
  ///   - mutations: The mutations, in the order they were reduced.
  ///   - state: The state to start from; the reactor's ``initialState`` by default.
  /// - Returns: The state after each mutation, one per mutation.
  public func replay(_ mutations: some Sequence<Mutation>, from state: State? = nil) -> [State] {
    var state = state ?? initialState
    var states: [State] = []
    for mutation in mutations {
      state = reduce(state: state, mutation: mutation)
      states.append(state)
    }
    return states
  }

  /// Sends recorded actions to this reactor again, each at its recorded time from now on
  /// `clock`, and returns once the last one is sent.
  ///
  /// The reactor does the rest as it would: give it, when you make it, the dependencies its
  /// effects need, such as a stub client and the same clock. With a `TestClock`, advance the
  /// clock while this runs (or use `TestStore.replay` of `ReactorsTesting`, which does):
  ///
  /// ```swift
  /// let clock = TestClock()
  /// let reactor = SearchReactor(search: { _ in ["swift-nio"] }, clock: clock)
  /// let replay = Task { try await reactor.replayActions(of: recording.events, on: clock) }
  /// await clock.run()
  /// try await replay.value
  /// ```
  ///
  /// Mutations in `events` are skipped: the reactor makes its own. So are actions redacted
  /// beyond decoding (``RecordedEvent/Kind/redactedAction``).
  ///
  /// - Throws: `CancellationError` if the calling task is cancelled while it waits.
  public func replayActions<C: Clock>(
    of events: some Sequence<RecordedEvent<Action, Mutation>>, on clock: C
  ) async throws where C.Duration == Duration {
    let start = clock.now
    for event in events {
      guard case .action(let action) = event.kind else { continue }
      try await clock.sleep(until: start.advanced(by: event.offset), tolerance: nil)
      send(action)
    }
  }
}
