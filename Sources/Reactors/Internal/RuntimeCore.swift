/// What every reactor's runtime knows, as one small value guarded by the runtime's lock.
///
/// `RuntimeStorage` owns the lock and calls the user's code; this value only records. It holds
/// what every reactor uses — the state, the step flags, one observer — and points to
/// `RuntimeExtras` for what only some use (effects, more observers, consumers, transforms,
/// diagnostics), allocated the first time one is needed. An idle reactor with one observer stays
/// small, and the synchronous path tests one pointer to skip everything optional.
@usableFromInline struct RuntimeCore<Action: Sendable, Mutation: Sendable, State: Sendable> {
  // NB: the fields are ordered so the flags fill the padding after an optional state: every byte
  // here is paid by every reactor.

  /// The state after the last `reduce`; `nil` until the reactor is first used.
  @usableFromInline var state: State?
  /// Whether a step (mutate, reduce, observers) is running; new work waits behind it.
  @usableFromInline var isProcessing = false
  /// How many nested times the current thread holds the (recursive) lock.
  @usableFromInline var lockDepth: UInt32 = 0
  /// The first synchronous observer; more live in `extras`.
  @usableFromInline var observer: StateObserver<State>?
  /// Everything optional; `nil` until first needed.
  @usableFromInline var extras: RuntimeExtras<Action, Mutation, State>?

  /// Whether the reactor was used: its initial state read, its `transform` hooks connected.
  @inlinable var isStarted: Bool { state != nil }

  @usableFromInline init(diagnostics: ReactorDiagnostics<Action, Mutation, State>?) {
    if let diagnostics { makeExtras().hooks = RuntimeHooks(diagnostics: diagnostics) }
  }

  /// The extras, allocated on first use.
  @usableFromInline mutating func makeExtras() -> RuntimeExtras<Action, Mutation, State> {
    if let extras { return extras }
    let extras = RuntimeExtras<Action, Mutation, State>()
    self.extras = extras
    return extras
  }

  /// A step wants to run: it may, unless one is already running on this thread.
  ///
  /// - Returns: `true` if the caller runs the step; `false` if `work` was queued behind the
  ///   running step instead (a re-entrant `send` from `mutate` or an observer), so states stay
  ///   in `reduce` order.
  @inlinable mutating func beginStep(
    orQueue work: @autoclosure () -> RuntimeExtras<Action, Mutation, State>.PendingWork
  ) -> Bool {
    if isProcessing {
      makeExtras().pending.append(work())
      return false
    }
    isProcessing = true
    return true
  }

  /// The state observers should be handed first: the last one published.
  @inlinable var replayState: State? {
    guard let extras, extras.pipeline?.states != nil else { return state }
    return extras.published
  }
}

/// What only some reactors use, guarded by the runtime's lock like the core that points to it.
/// What only some reactors use, guarded by the runtime's lock like the core that points to it.
///
/// NB: the fields are `@exclusivity(unchecked)`: the runtime's mutex already serialises every
/// access, and the dynamic checks cost about 5% of an effect's instructions (callgrind).
@usableFromInline final class RuntimeExtras<Action: Sendable, Mutation: Sendable, State: Sendable> {
  /// Work that waits for the step in progress.
  @usableFromInline enum PendingWork {
    case action(Action)
    case mutation(Mutation, EffectScope?)
  }

  /// Work that arrived during a step, first in first out from `pendingHead`.
  @exclusivity(unchecked) @usableFromInline var pending: [PendingWork] = []
  @exclusivity(unchecked) @usableFromInline var pendingHead = 0
  /// Synchronous observers after the first, in subscription order.
  @exclusivity(unchecked) @usableFromInline var observers: [StateObserver<State>] = []
  /// Buffers of `StateSequence` consumers.
  @exclusivity(unchecked) @usableFromInline var consumers: [StateBuffer<State>] = []
  /// The relays of overridden `transform` hooks; `nil` when none is overridden.
  @exclusivity(unchecked) @usableFromInline var pipeline: Pipeline<Action, Mutation, State>?
  /// With `transform(state:)`, the last state that came out of it: what new observers replay.
  @exclusivity(unchecked) @usableFromInline var published: State?
  /// Running effects and their cancellation rules.
  @exclusivity(unchecked) @usableFromInline var effects = EffectRegistry<Action>()
  /// Tasks waiting in `waitUntilIdle()`.
  @exclusivity(unchecked) @usableFromInline var idleWaiters:
    [ObjectIdentifier: CheckedContinuation<Void, Never>] = [:]
  /// Diagnostics, the test probe, stub mode.
  @exclusivity(unchecked) @usableFromInline var hooks: RuntimeHooks<Action, Mutation, State>?

  @usableFromInline init() {}

  /// Whether queued work waits for the end of the step.
  @inlinable var hasPendingWork: Bool { pendingHead < pending.count }

  /// The next queued work, or `nil` when the step may end.
  @inlinable func nextPendingWork() -> PendingWork? {
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
}

/// A synchronous observer registered with `Reactor.observe(_:)`, known by its token.
@usableFromInline struct StateObserver<State> {
  @usableFromInline let token: ObjectIdentifier
  @usableFromInline let receive: @Sendable (State) -> Void

  @usableFromInline init(token: ObjectIdentifier, receive: @escaping @Sendable (State) -> Void) {
    self.token = token
    self.receive = receive
  }
}

/// Diagnostics, the probe of `ReactorsTesting`, stub mode and effect tracking. Only reactors that
/// use one pay for them: they live in `RuntimeExtras`.
@usableFromInline
struct RuntimeHooks<Action: Sendable, Mutation: Sendable, State: Sendable>:
  Sendable
{
  var diagnostics: ReactorDiagnostics<Action, Mutation, State>?
  var probe: ReactorDiagnostics<Action, Mutation, State>?
  /// In stub mode, receives every action instead of `mutate`.
  @usableFromInline var stub: (@Sendable (Action) -> Void)?
  /// Counts the tasks this runtime started, for leak checks.
  var tracker: EffectTracker?

  /// Counts a task this runtime started, for leak checks.
  @usableFromInline func taskStarted() {
    tracker?.taskStarted()
  }

  /// Counts the end of a task this runtime started.
  @usableFromInline func taskEnded() {
    tracker?.taskEnded()
  }

  var isEmpty: Bool { diagnostics == nil && probe == nil && stub == nil && tracker == nil }

  @usableFromInline func report(_ kind: DiagnosticEvent<Action, Mutation, State>.Kind) {
    diagnostics?.report(kind)
    probe?.report(kind)
  }
}
