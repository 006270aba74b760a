/// Who listens to a reactor, and the hooks of `ReactorsTesting`.
///
/// Subscribing is step work (`StepWork.observe`, `.subscribe`): the first state a new listener
/// gets is handed over in the same order as every other state, so it never sees an older state
/// after a newer one.
extension RuntimeStorage {
  func addObserver<R: Reactor>(
    _ observer: @escaping @Sendable (State) -> Void, for reactor: R
  )
    -> StateObservation
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let observation = RuntimeObservation(storage: self)
    submit(.observe(StateObserver(token: .passUnretained(observation), receive: observer)), reactor)
    return observation
  }

  func removeObserver(_ token: StateObserver<State>.Token) {
    // What it returns is released here, once the lock is: an observer's closure may hold objects
    // whose `deinit` is user code.
    _ = withLock { $0.removeObserver(token) }
  }

  func makeBuffer<R: Reactor>(latestOnly: Bool, for reactor: R) -> StateBuffer<State>
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let buffer = StateBuffer<State>(latestOnly: latestOnly)
    let id = ObjectIdentifier(buffer)
    buffer.whenFinished { [weak reactor] in reactor?.runtime.storage.removeConsumer(id) }
    submit(.subscribe(buffer), reactor)
    return buffer
  }

  func removeConsumer(_ id: ObjectIdentifier) {
    withLock { core in
      guard let extras = core.extras else { return }
      // NB: through a buffer pointer, not `removeAll(where:)`: this code is not specialised, and
      // the generic collection algorithms allocate for every element they look at.
      let index = extras.consumers.withUnsafeBufferPointer { consumers in
        consumers.indices.first { ObjectIdentifier(consumers[$0]) == id }
      }
      if let index { extras.consumers.remove(at: index) }
    }
  }

  var consumerCount: Int {
    withLock { core in core.extras?.consumers.count ?? 0 }
  }

  func updateHooks(_ update: (inout RuntimeHooks<Action, Mutation, State>) -> Void) {
    withLock { core in
      var hooks = core.extras?.hooks ?? RuntimeHooks()
      update(&hooks)
      core.makeExtras().hooks = hooks.isEmpty ? nil : hooks
    }
  }

  /// The tracker of this runtime's tasks, installed on the first call.
  func trackEffects() -> EffectTracker {
    withLock { core in
      let extras = core.makeExtras()
      if let tracker = extras.hooks?.tracker { return tracker }
      let tracker = EffectTracker()
      var hooks = extras.hooks ?? RuntimeHooks()
      hooks.tracker = tracker
      extras.hooks = hooks
      return tracker
    }
  }
}

extension RuntimeCore {
  /// Registers a synchronous observer.
  ///
  /// - Returns: The state to hand it first, if the reactor has one to replay.
  mutating func add(_ entry: StateObserver<State>) -> State? {
    observer = observer?.adding(entry) ?? entry
    return replayState
  }

  /// Registers a `StateSequence` consumer and hands it the current state.
  mutating func add(_ buffer: StateBuffer<State>) {
    // NB: the buffer's own lock is a leaf: pushing calls out to nothing but a continuation.
    if let current = replayState { buffer.push(current) }
    makeExtras().consumers.append(buffer)
  }

  /// Removes a synchronous observer, or forgets it if its registration is still queued.
  ///
  /// - Returns: What was removed, for the caller to release once the lock is released; `nil`
  ///   when the observer was registered and a step is running, whose owner may be handing it a
  ///   state right now with the lock released: it is queued behind that instead
  ///   (`StepWork.retire`).
  mutating func removeObserver(_ token: StateObserver<State>.Token) -> StateObserver<State>? {
    if let observer, observer.contains(token) {
      self.observer = observer.removing(token)
      guard isStepping else { return observer }
      enqueue(.retire(observer))
      return nil
    }
    // Only work not yet performed: removing a piece before `pendingHead` would make the owner
    // skip the next one.
    guard let extras,
      let index = extras.pending[extras.pendingHead...].firstIndex(where: { work in
        if case .observe(let queued)? = work { queued.contains(token) } else { false }
      }),
      case .observe(let queued)? = extras.pending.remove(at: index)
    else { return nil }
    return queued
  }
}
