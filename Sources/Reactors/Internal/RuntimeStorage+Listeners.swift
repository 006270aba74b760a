/// Who listens to a reactor, and the hooks of `ReactorsTesting`.
///
/// Subscribing is step work (`StepWork.listen`): the first state a new listener gets is handed
/// over in the same order as every other state, so it never sees an older state after a newer one.
extension RuntimeStorage {
  func addObserver<R: Reactor>(
    _ observer: @escaping @Sendable (State) -> Void, for reactor: R
  )
    -> StateObservation
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let observation = RuntimeObservation(storage: self)
    submit(.listen(.observer(token: ObjectIdentifier(observation), receive: observer)), reactor)
    return observation
  }

  func makeBuffer<R: Reactor>(latestOnly: Bool, for reactor: R) -> StateBuffer<State>
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let buffer = StateBuffer<State>(latestOnly: latestOnly)
    let token = ObjectIdentifier(buffer)
    buffer.whenFinished { [weak reactor] in reactor?.runtime.storage.removeListener(token) }
    submit(.listen(.consumer(buffer)), reactor)
    return buffer
  }

  /// Removes a listener, or forgets it if its registration is still queued.
  func removeListener(_ token: ObjectIdentifier) {
    // Released here, once the lock is: an observer's closure may hold objects whose `deinit` is
    // user code.
    _ = withLock { $0.removeListener(token) }
  }

  var consumerCount: Int {
    withLock { $0.listeners.all.count { $0.consumer != nil } }
  }

  /// Changes the test hooks, and the path that steps take accordingly.
  func updateExtras(_ update: (RuntimeExtras<Action, Mutation, State>) -> Void) {
    withLock { machine in
      update(machine.makeExtras())
      machine.updatePath()
    }
  }

  /// The tracker of this runtime's tasks, installed on the first call.
  func trackEffects() -> EffectTracker {
    withLock { machine in
      let extras = machine.makeExtras()
      if let tracker = extras.tracker { return tracker }
      let tracker = EffectTracker()
      extras.tracker = tracker
      machine.updatePath()
      return tracker
    }
  }
}

extension RuntimeMachine {
  /// Removes the listener registered under `token`, or the registration still queued for it;
  /// returns what was removed, for the caller to release once the lock is.
  mutating func removeListener(_ token: ObjectIdentifier) -> Listener<State>? {
    if let removed = listeners.remove(token) { return removed }
    // Only work not yet performed.
    for index in queue.indices.dropFirst(Int(queueHead)) {
      if case .listen(let listener) = queue[index], listener.token == token {
        queue[index] = .barrier {}
        return listener
      }
    }
    return nil
  }
}
