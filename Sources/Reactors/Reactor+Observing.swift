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
  /// The zero-latency way to render: the observer runs on the thread that runs the step that
  /// changed the state, after the state is committed and with the reactor unlocked, before that
  /// step's `send` returns. Every observer sees each state exactly once, in `reduce` order. It
  /// may read `currentState` and send to any reactor; a `send` to this one runs right after
  /// every observer has seen the current state. Keep it quick.
  ///
  /// The observer stays registered until the returned object is released or cancelled. (If
  /// another thread is in the middle of a step when you subscribe, that step makes the first
  /// call, just before it ends.)
  public func observe(_ observer: @escaping @Sendable (State) -> Void) -> StateObservation {
    runtime.storage.addObserver(observer, for: self)
  }

  /// Calls `observer` synchronously with every assignment of a ``Pulse`` from now on, once per
  /// assignment, even of an equal value.
  ///
  /// The synchronous counterpart of ``pulse(_:)``, for showing an alert or a toast as it
  /// happens. It never hands over a value assigned before it subscribed (see ``Pulse``). Because
  /// subscribing happens when you call it, an assignment made right after, by a `send` on the
  /// same thread, is never missed.
  ///
  /// ```swift
  /// let alerts = reactor.observe(pulse: \.$alertMessage) { message in showAlert(message) }
  /// ```
  public func observe<Value: Sendable>(
    pulse keyPath: KeyPath<State, Pulse<Value>> & Sendable,
    _ observer: @escaping @Sendable (Value) -> Void
  ) -> StateObservation {
    let lastCount = Locked<UInt?>.make(nil)
    return observe { state in
      let pulse = state[keyPath: keyPath]
      let isAssignment = lastCount.withLock { last in
        defer { last = pulse.updateCount }
        // The first state only sets the baseline.
        return last.map { $0 != pulse.updateCount } ?? false
      }
      if isAssignment { observer(pulse.value) }
    }
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
