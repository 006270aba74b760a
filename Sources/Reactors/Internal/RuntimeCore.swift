/// Everything a reactor's runtime knows, as one value guarded by the runtime's lock.
///
/// `RuntimeStorage` owns the lock and calls the user's code; this value only records. Its
/// `mutating` methods are the events of the runtime and say what happens next:
///
/// - `beginStep()` → run the step now, or queue the work behind the step in progress (a re-entrant
///   `send` from `mutate` or an observer, so states stay in `reduce` order);
/// - `nextPendingWork()` → the queued work to run before the step ends;
/// - the effect events (`effects`) → which tasks to cancel or resume once the lock is released.
@usableFromInline struct RuntimeCore<Action: Sendable, Mutation: Sendable, State: Sendable> {
  /// The state after the last `reduce`; `nil` until the reactor is first used.
  @usableFromInline var state: State?
  @usableFromInline var isStarted = false
  /// How many nested times the current thread holds the (recursive) lock.
  @usableFromInline var lockDepth = 0
  /// Whether a step (mutate, reduce, observers) is running; new work waits behind it.
  @usableFromInline var isProcessing = false
  /// Work that arrived during a step, first in first out from `pendingHead`.
  @usableFromInline var pending: [PendingWork] = []
  @usableFromInline var pendingHead = 0
  /// Synchronous observers, in subscription order.
  @usableFromInline var observers: [StateObserver<State>] = []
  /// Buffers of `StateSequence` consumers.
  @usableFromInline var consumers: [StateBuffer<State>] = []
  /// The relays of overridden `transform` hooks; `nil` when none is overridden.
  @usableFromInline var pipeline: Pipeline<Action, Mutation, State>?
  /// With `transform(state:)`, the last state that came out of it: what new observers replay.
  @usableFromInline var published: State?
  @usableFromInline var effects = EffectRegistry<Action>()
  /// Diagnostics, test probes and stub mode; `nil` on the fast path.
  @usableFromInline var hooks: RuntimeHooks<Action, Mutation, State>?
  @usableFromInline var nextObserverID: UInt64 = 0
  /// Tasks waiting in `waitUntilIdle()`.
  var idleWaiters: [CheckedContinuation<Void, Never>] = []

  /// Work that waits for the step in progress.
  @usableFromInline enum PendingWork {
    case action(Action)
    case mutation(Mutation, EffectScope?)
  }

  @usableFromInline init(hooks: RuntimeHooks<Action, Mutation, State>?) {
    self.hooks = hooks
  }

  /// A step wants to run: it may, unless one is already running on this thread.
  ///
  /// - Returns: `true` if the caller runs the step; `false` if `work` was queued instead.
  @inlinable mutating func beginStep(orQueue work: @autoclosure () -> PendingWork) -> Bool {
    if isProcessing {
      pending.append(work())
      return false
    }
    isProcessing = true
    return true
  }

  /// The next queued work, or `nil` when the step may end.
  @inlinable mutating func nextPendingWork() -> PendingWork? {
    guard pendingHead < pending.count else {
      if !pending.isEmpty {
        pending.removeAll(keepingCapacity: true)
        pendingHead = 0
      }
      return nil
    }
    defer { pendingHead += 1 }
    return pending[pendingHead]
  }

  /// The state observers should be handed first: the last published one.
  @inlinable var replayState: State? {
    pipeline?.states == nil ? state : published
  }
}

/// A synchronous observer registered with `Reactor.observe(_:)`.
@usableFromInline struct StateObserver<State> {
  @usableFromInline let id: UInt64
  @usableFromInline let receive: @Sendable (State) -> Void

  @usableFromInline init(id: UInt64, receive: @escaping @Sendable (State) -> Void) {
    self.id = id
    self.receive = receive
  }
}

/// What only some reactors use: diagnostics, the probe of `ReactorsTesting`, stub mode.
@usableFromInline struct RuntimeHooks<Action: Sendable, Mutation: Sendable, State: Sendable> {
  var diagnostics: ReactorDiagnostics<Action, Mutation, State>?
  var probe: ReactorDiagnostics<Action, Mutation, State>?
  /// In stub mode, receives every action instead of `mutate`.
  var stub: (@Sendable (Action) -> Void)?
  /// Counts the tasks this runtime started, for leak checks.
  var tracker: EffectTracker?

  func report(_ kind: DiagnosticEvent<Action, Mutation, State>.Kind) {
    diagnostics?.report(kind)
    probe?.report(kind)
  }
}
