// Hooks for `ReactorsTesting`. They are SPI: `@_spi(Testing) import Reactors` reaches them, a
// plain import does not, so they are not part of the public API.

extension Reactor {
  /// Reports every action, mutation, state and effect error to `probe` too; `nil` removes it.
  @_spi(Testing) public func _setProbe(_ probe: ReactorDiagnostics<Action, Mutation, State>?) {
    runtime.storage.updateExtras { $0.probe = probe }
  }

  /// Stub mode: every action goes to `recorder` instead of `mutate`; `nil` leaves stub mode.
  @_spi(Testing) public func _setStub(_ recorder: (@Sendable (Action) -> Void)?) {
    runtime.storage.updateExtras { $0.stub = recorder }
  }

  /// Replaces the state without `reduce` and publishes it to every observer (stub mode).
  @_spi(Testing) public func _replaceState(with state: State) {
    runtime.storage.submit(.replaceState(state), self)
  }

  /// Sends an action like `send`, and calls `around(true)` right before the step that performs it
  /// begins to, `around(false)` right after: the mutations reduced in between are the action's
  /// immediate ones, whichever thread performs it.
  @_spi(Testing) public func _send(
    _ action: Action, around: @escaping @Sendable (_ isPerforming: Bool) -> Void
  ) {
    runtime.storage.submit(.observedSend(action, around: around), self)
  }

  /// Returns once everything sent before the call has been performed: its immediate mutations
  /// reduced and published, even when another thread's step performed it.
  ///
  /// A `send` that finds another thread in the middle of a step leaves the action to that thread
  /// and returns at once; a test that asserts the state right after sending waits here first.
  @_spi(Testing) public func _waitForQueuedWork() async {
    await withCheckedContinuation { continuation in
      runtime.storage.submit(.barrier { continuation.resume() }, self)
    }
  }

  /// How many effect scopes are registered and not finished, the children's included.
  @_spi(Testing) public var _runningEffectCount: Int {
    runtime.storage.runningEffectCountWithChildren
  }

  /// Counts the tasks started from the first call on, the children's included, so a leak check
  /// can wait for them to return after the reactor is released.
  ///
  /// Every call returns the same tracker: a test store and a leak check on one reactor share it.
  /// Children attached later count on it too.
  @_spi(Testing) public func _trackEffects() -> EffectTracker {
    let tracker = runtime.storage.trackEffects()
    for child in runtime.storage.attachedChildren { child.share(tracker) }
    return tracker
  }

  /// Whether `transform(action:)` or `transform(mutation:)` is overridden.
  ///
  /// Their operators may hold values back in tasks of their own (a debounce, a merged stream),
  /// which ``_trackEffects()`` does not count: an idle tracker then does not mean that no mutation
  /// is on its way.
  @_spi(Testing) public var _transformsActionsOrMutations: Bool {
    _ = currentState  // Connects the hooks if the reactor was never used.
    return runtime.storage.withLock { machine in
      let pipeline = machine.extras?.pipeline
      return pipeline?.actions != nil || pipeline?.mutations != nil
    }
  }
}
