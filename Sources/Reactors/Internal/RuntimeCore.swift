/// What every reactor's runtime knows, as one small value guarded by the runtime's lock: the step
/// machine.
///
/// A *step* is the synchronous work of one thread: `mutate`, `reduce`, the observers. At most one
/// thread runs a step of a reactor at a time — it *owns* the step — and it runs the user's code
/// with the lock released. A thread that finds a step running never waits: it leaves its work in
/// the queue, and the owner performs it before the step ends. So the lock is held only for
/// bookkeeping, never around user code, and reactors that send to each other from any threads
/// cannot deadlock. Each event below is a `mutating` method that says what the caller does next.
///
/// The value holds what every reactor uses — the state, the step flag, one observer — and points
/// to `RuntimeExtras` for what only some use, allocated the first time one is needed.
@usableFromInline struct RuntimeCore<Action: Sendable, Mutation: Sendable, State: Sendable> {
  @usableFromInline typealias Extras = RuntimeExtras<Action, Mutation, State>
  @usableFromInline typealias Work = StepWork<Action, Mutation, State>

  /// The state after the last `reduce`; `nil` until the reactor is first used. Written only by
  /// the step's owner, with the lock held; so the owner may read it without the lock.
  @usableFromInline var state: State?
  /// Whether a thread owns the step.
  @usableFromInline var isStepping = false
  /// The synchronous observers, one or several.
  @usableFromInline var observer: StateObserver<State>?
  /// Everything optional; `nil` until first needed, then never replaced.
  @usableFromInline var extras: Extras?
  #if DEBUG
  /// The reactor that first used this runtime, to catch a runtime shared between reactors.
  var user: (id: ObjectIdentifier, type: Any.Type)?
  #endif

  @usableFromInline init(
    diagnostics: ReactorDiagnostics<Action, Mutation, State>?,
    recorder: ReactorRecorder<Action, Mutation>? = nil
  ) {
    let hooks = RuntimeHooks(diagnostics: diagnostics, recorder: recorder?.session)
    if !hooks.isEmpty { makeExtras().hooks = hooks }
    if let recorder { makeExtras().recorder = recorder.session }
  }

  /// The extras as the step's owner needs them: `nil` when nothing in them changes how work is
  /// performed, so that a reactor that only keeps effects or observers there takes the same
  /// path as one without extras.
  @inlinable var stepExtras: Extras? {
    guard let extras, !extras.isPlain else { return nil }
    return extras
  }

  /// Whether the reactor was used: its initial state read, its `transform` hooks connected.
  @inlinable var isStarted: Bool { state != nil }

  /// The extras, allocated on first use.
  @inlinable mutating func makeExtras() -> Extras {
    if let extras { return extras }
    let extras = Extras()
    self.extras = extras
    return extras
  }

  // MARK: - Events

  /// Work arrives from outside a step.
  ///
  /// - Returns: A ticket if the caller now owns the step and performs `work` itself; `nil` if a
  ///   step is running (on this thread or another) and `work` was queued for its owner.
  @inlinable mutating func beginStep(orQueue work: @autoclosure () -> Work) -> StepTicket<Extras>? {
    if isStepping {
      enqueue(work())
      return nil
    }
    isStepping = true
    return StepTicket(extras: stepExtras, isStarted: isStarted)
  }

  /// Takes the step if nobody runs one; queues nothing.
  @inlinable mutating func tryBeginStep() -> StepTicket<Extras>? {
    if isStepping { return nil }
    isStepping = true
    return StepTicket(extras: stepExtras, isStarted: isStarted)
  }

  /// Work from outside a step that must not overtake what the running step has queued.
  ///
  /// - Returns: Whether a step is running and `work` was queued for its owner; if not, the caller
  ///   performs it now, without taking the step.
  @inlinable mutating func queueBehindStep(_ work: @autoclosure () -> Work) -> Bool {
    guard isStepping else { return false }
    enqueue(work())
    return true
  }

  /// Leaves work for the step's owner.
  @inlinable mutating func enqueue(_ work: Work) {
    if extras == nil { extras = Extras() }
    // NB: through `extras!`: `makeExtras()` retained and released the extras, which every
    // sending thread touches, around each append.
    extras!.pending.append(work)
  }

  /// The owner finished a piece of work.
  ///
  /// - Returns: The next piece, or `nil`: the queue is empty and the step has ended.
  @inlinable mutating func nextWork() -> (Work, Extras?)? {
    if let work = extras?.nextPendingWork() { return (work, stepExtras) }
    isStepping = false
    return nil
  }

  /// The owner finished a piece of work and ends the step unless work is queued.
  ///
  /// - Returns: Whether the step ended; if not, the owner goes on with `nextWork()`.
  @inlinable mutating func endStepIfNothingQueued() -> Bool {
    if let extras, extras.nextPendingWorkExists { return false }
    isStepping = false
    return true
  }

  /// The owner reduced a new state.
  ///
  /// - Returns: Who to tell, or `nil` if the mutation came from an effect cancelled since it was
  ///   sent: the state is dropped, so no mutation of cancelled work takes effect after the cancel
  ///   (R7), whatever a `transform` hook did with it meanwhile.
  @inlinable mutating func commit(
    _ newState: State, from origin: EffectScope?
  )
    -> Audience<Action, Mutation, State>?
  {
    if let origin, origin.isRevoked { return nil }
    state = newState
    return audience
  }

  /// Everyone who hears of a new state.
  @inlinable @inline(__always) var audience: Audience<Action, Mutation, State> {
    Audience(observer: observer?.lent, rest: extras?.restOfAudience)
  }

  /// A work item out of a `transform` hook, from `thread`.
  @inlinable mutating func route(
    _ work: @autoclosure () -> Work, from thread: ThreadIdentity
  )
    -> Route<Extras>
  {
    guard isStepping else {
      isStepping = true
      return .run(StepTicket(extras: extras, isStarted: isStarted))
    }
    let extras = makeExtras()
    if extras.isRelaying(on: thread) { return .inline(extras) }
    extras.pending.append(work())
    return .queued
  }

  /// The state observers should be handed first: the last one published.
  @inlinable var replayState: State? {
    guard let extras, extras.pipeline?.states != nil else { return state }
    return extras.published
  }
}
