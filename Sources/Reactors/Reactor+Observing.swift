extension Reactor {
  /// The current state, then every new state, for any number of concurrent consumers.
  ///
  /// Each consumer gets every state in order (see ``StateSequence/buffering(_:)`` for a
  /// latest-only one). The sequence ends when the reactor is released and does not keep it alive.
  public var state: StateSequence<State> {
    StateSequence(
      subscribe: { [weak self] latestOnly in
        guard let self else { return nil }
        return self.runtime.storage.makeBuffer(latestOnly: latestOnly, for: self)
      },
      policy: .all)
  }

  /// Calls `observer` with the current state now, then synchronously with every new state.
  ///
  /// The zero-latency way to render: the observer runs on the thread that changed the state,
  /// while the reactor is locked, before `send` returns. Keep it quick; a `send` from inside it
  /// runs right after. The observer stays registered until the returned object is released or
  /// cancelled.
  public func observe(_ observer: @escaping @Sendable (State) -> Void) -> StateObservation {
    runtime.storage.addObserver(observer, for: self)
  }

  /// The assignments of a ``Pulse`` in the state, each delivered once.
  ///
  /// ```swift
  /// for await message in reactor.pulse(\.$alertMessage) { showAlert(message) }
  /// ```
  public func pulse<Value: Sendable>(
    _ keyPath: KeyPath<State, Pulse<Value>> & Sendable
  )
    -> PulseSequence<State, Value>
  {
    PulseSequence(states: state, pulse: { $0[keyPath: keyPath] })
  }
}
