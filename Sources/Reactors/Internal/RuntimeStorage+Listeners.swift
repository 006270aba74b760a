/// Who listens, and the hooks of `ReactorsTesting`. Subscribing is step work (`StepWork.listen`): a
/// new listener's first state comes in order with every other, never an older one after a newer.
extension RuntimeStorage {
  func addObserver<R: Reactor>(
    _ observer: @escaping @Sendable (State) -> Void, for reactor: R
  ) -> StateObservation where R.Action == Action, R.Mutation == Mutation, R.State == State {
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

  /// Removes a listener, or forgets it if its registration is still queued (`changeListeners`).
  func removeListener(_ token: ObjectIdentifier) {
    // Released here, unlocked: an observer's closure may hold objects whose `deinit` is user code.
    _ = withLock { machine in
      changeListeners(
        &machine, now: { $0.removeListener(token) }, later: { $0.removeListenerLater(token) })
    }
  }

  /// Changes the step owner's listeners, with the lock held: `now` if the step is free (taken for
  /// that instant), else `later`, by the owner, flagged to do it before it publishes or ends.
  func changeListeners<Result>(
    _ machine: inout Machine, now: (inout Machine) -> Result, later: (inout Machine) -> Result
  ) -> Result {
    guard claimStep(flagging: StepLock.removals) else { return later(&machine) }
    defer { step.clearLocked(StepLock.owned) }
    return now(&machine)
  }

  /// Changes the test hooks, and the path that steps take accordingly.
  func updateExtras<Result>(_ update: (Extras) -> Result) -> Result {
    updatePath { update($0.makeExtras()) }
  }

  /// The tracker of this runtime's tasks, installed on the first call.
  func trackEffects() -> EffectTracker {
    updateExtras { extras in
      let tracker = extras.tracker ?? EffectTracker()
      extras.tracker = tracker
      return tracker
    }
  }
}
