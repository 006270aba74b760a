extension Reactor {
  /// Sends an action: runs `mutate`, and reduces its immediate mutations before returning.
  ///
  /// Callable from any thread or task, and never waits for another thread. If a step of this
  /// reactor is running — a `send` from inside `mutate` or an observer, or another thread's send
  /// or effect at the same moment — the action is queued and that step performs it before it
  /// ends, so states stay in order; `send` then returns at once. From one thread with nothing
  /// else running, the immediate mutations are reduced and observed when `send` returns.
  ///
  /// The action's asynchronous work (``Mutations/run(_:catch:)``) starts on the actor `send` is
  /// called from — on the main actor, a view's sends start their effects there — or on the
  /// global executor when the caller is not isolated to an actor.
  ///
  /// - Parameters:
  ///   - action: The action.
  ///   - isolation: The caller's actor; leave it to its default, the caller's isolation.
  @inlinable public func send(_ action: Action, isolation: isolated (any Actor)? = #isolation) {
    runtime.storage.send(action, to: self, from: isolation)
  }

  /// The state after the last `reduce`; readable anywhere, including inside `mutate`, and never
  /// waits for user code.
  ///
  /// It excludes `transform(state:)`: that hook changes what observers see, not the state.
  @inlinable public var currentState: State {
    runtime.storage.currentState(of: self)
  }

  /// The reactor's action input, ReactorKit style; also the way to build `take(until:)`
  /// predicates: `action.filter { ... }`.
  public var action: ActionSubject<Action> {
    ActionSubject { [weak self] action in self?.send(action) }
  }

  /// Cancels every run of work started with `cancellable(id:policy:)` under `id`.
  public func cancel(id: some Hashable & Sendable) {
    runtime.storage.cancel { $0.cancel(id: EffectID(id)) }
  }

  /// Returns once every action sent before the call has been performed and no effect of this
  /// reactor or of its children (see ``attach(_:id:as:announcing:)``) is running (delays and
  /// debounces included), or as soon as the calling task is cancelled.
  ///
  /// A `send` that finds another thread in the middle of a step returns before its action is
  /// performed; the wait covers it, and the effects it starts.
  ///
  /// Work that the `transform` hooks schedule on their own (`Signal.debounce`) is not counted.
  public func waitUntilIdle() async {
    await withCheckedContinuation { continuation in
      runtime.storage.submit(.barrier { continuation.resume() }, self)
    }
    await runtime.storage.waitUntilIdleWithChildren()
  }
}
