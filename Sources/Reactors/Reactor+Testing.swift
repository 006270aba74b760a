// Hooks for `ReactorsTesting`. They are SPI: `@_spi(Testing) import Reactors` reaches them, a
// plain import does not, so they are not part of the public API.

extension Reactor {
  /// Reports every action, mutation, state and effect error to `probe` too; `nil` removes it.
  @_spi(Testing) public func _setProbe(_ probe: ReactorDiagnostics<Action, Mutation, State>?) {
    runtime.storage.updateHooks(of: self) { $0.probe = probe }
  }

  /// Stub mode: every action goes to `recorder` instead of `mutate`; `nil` leaves stub mode.
  @_spi(Testing) public func _setStub(_ recorder: (@Sendable (Action) -> Void)?) {
    runtime.storage.updateHooks(of: self) { $0.stub = recorder }
  }

  /// Replaces the state without `reduce` and publishes it to every observer (stub mode).
  @_spi(Testing) public func _replaceState(with state: State) {
    runtime.storage.replaceState(with: state, of: self)
  }

  /// How many effect scopes are registered and not finished.
  @_spi(Testing) public var _runningEffectCount: Int {
    runtime.storage.runningEffectCount
  }

  /// Counts the tasks started from the first call on, so a leak check can wait for them to return
  /// after the reactor is released.
  ///
  /// Every call returns the same tracker: a test store and a leak check on one reactor share it.
  @_spi(Testing) public func _trackEffects() -> EffectTracker {
    runtime.storage.trackEffects(of: self)
  }

  /// Whether `transform(action:)` or `transform(mutation:)` is overridden.
  ///
  /// Their operators may hold values back in tasks of their own (a debounce, a merged stream),
  /// which ``_trackEffects()`` does not count: an idle tracker then does not mean that no mutation
  /// is on its way.
  @_spi(Testing) public var _transformsActionsOrMutations: Bool {
    _ = currentState  // Connects the hooks if the reactor was never used.
    return runtime.storage.withCore { core in
      let pipeline = core.pointee.extras?.pipeline
      return pipeline?.actions != nil || pipeline?.mutations != nil
    }
  }
}
