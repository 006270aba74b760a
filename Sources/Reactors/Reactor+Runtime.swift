extension Reactor {
  /// Sends an action: runs `mutate`, and reduces its immediate mutations before returning.
  ///
  /// Callable from any thread or task. A `send` made from inside `mutate` or an observer runs right
  /// after the current step, so states stay in order.
  @inlinable public func send(_ action: Action) {
    runtime.storage.send(action, to: self)
  }

  /// The state after the last `reduce`; readable anywhere, including inside `mutate`.
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
    runtime.storage.cancel(id: EffectID(id))
  }

  /// Returns once no effect of this reactor is running (delays and debounces included), or as
  /// soon as the calling task is cancelled.
  ///
  /// Work that the `transform` hooks schedule on their own (`Signal.debounce`) is not counted.
  public func waitUntilIdle() async {
    await runtime.storage.waitUntilIdle()
  }
}
