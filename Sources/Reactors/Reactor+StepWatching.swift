/// How a store that keeps a reactor's state outside it — `ReactorsPersistence`'s `StateFile` —
/// hears of its states: on demand, so that a busy store costs the steps nothing, where an
/// observer is called on every step.
///
/// Arming the watcher sets a bit of the step word (`StepLock.watched`): the next step ends
/// through the lock (`performHandover`), which clears it and tells the watcher the state once.
/// Steps while it is not armed, such as while the store writes, never look at it.
extension Reactor {
  /// Installs `watcher`, replacing any other: it is told the state at the end of the first step
  /// after each ``armStepWatcher()``, on that step's thread, and the last state when the reactor
  /// goes (`isLast`), armed or not. It must return quickly, as an observer must.
  @_spi(Persistence) public func setStepWatcher(
    _ watcher: @escaping @Sendable (_ state: State, _ isLast: Bool) -> Void
  ) {
    let replaced = runtime.storage.withLock { machine in
      var replaced: (@Sendable (State, Bool) -> Void)? = watcher
      swap(&replaced, &machine.makeExtras().watcher)
      return replaced
    }
    _ = replaced  // Released here, once the lock is: it may hold the user's objects.
  }

  /// Has the watcher told of the state at the end of the next step; returns the current state,
  /// or `nil` if the reactor was never used (its state is then `initialState`). So nothing
  /// committed after this call goes unseen: the state told is at least as new.
  @_spi(Persistence) public func armStepWatcher() -> State? {
    let storage = runtime.storage
    return storage.withLock { machine in
      storage.step.setLocked(StepLock.watched)
      return machine.state
    }
  }
}
