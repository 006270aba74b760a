/// Everything a reactor's runtime decides, as one value guarded by the runtime's lock.
///
/// A *step* is the synchronous work of one thread: `mutate`, `reduce`, the observers. At most one
/// thread owns the step at a time and runs the user's code with the lock released; a thread that
/// finds a step running never waits: it queues its work, and the owner performs it before the
/// step ends. Effects are registered here with their cancellation rules; listeners, hooks and
/// the reactor's lifecycle too. Each event is a `mutating` method that returns what the caller
/// must do once the lock is released (call observers, cancel tasks, resume continuations): the
/// machine itself never calls out, so it can be driven and tested as a plain value.
///
/// | state | events |
/// |---|---|
/// | not started (`state == nil`) | `beginStep` → the owner starts the reactor |
/// | idle | `beginStep` takes the step; effects register, cancel, finish |
/// | stepping | `beginStep` queues; `nextWork` hands the owner the queue, then ends the step |
/// | ended (`hasEnded`) | actions are dropped; every effect cancelled, new ones as they come |
@usableFromInline struct RuntimeMachine<Action: Sendable, Mutation: Sendable, State: Sendable> {
  @usableFromInline typealias Work = StepWork<Action, Mutation, State>

  /// The state after the last `reduce`; `nil` until the reactor is first used. Written only by
  /// the step's owner, under the lock.
  @usableFromInline var state: State?
  // The small fields first, in the order below: they share the word after the state, which
  // keeps an idle reactor's storage in a smaller allocation (`Performance.md`).

  /// Whether a thread owns the step.
  @usableFromInline var isStepping = false
  /// Whether a step must take the general path: a hook, a recorder, `take(until:)` work, or an
  /// ended reactor. Kept up to date by every event that changes one of them.
  @usableFromInline var needsGeneralPath = false
  /// Whether the extras hold listeners after the first: without, a step never reads the extras.
  @usableFromInline var hasOtherListeners = false
  /// Where the work not yet performed starts in `queue`. 32 bits: a queue of 2³¹ pieces of work
  /// would have run out of memory first.
  @usableFromInline var queueHead: Int32 = 0
  /// Work that arrived while a step ran, in order, from `queueHead` on.
  @usableFromInline var queue: [Work] = []
  /// The first listener; the others are in the extras, since most reactors have one (a view).
  @usableFromInline var firstListener: Listener<State>?
  /// What only some reactors use; allocated on first use.
  @usableFromInline var extras: RuntimeExtras<Action, Mutation, State>?
  /// The effect table, kept in the extras: a reactor without effects never allocates them.
  var effects: EffectTable { extras?.effects ?? EffectTable() }

  init() {}

  // MARK: - The step

  /// Work arrives from outside a step.
  ///
  /// - Returns: Whether the caller now owns the step and performs `work` itself; if not, `work`
  ///   was queued for the thread that owns it.
  @inlinable mutating func beginStep(orQueue work: @autoclosure () -> Work) -> Bool {
    if isStepping {
      queue.append(work())
      return false
    }
    isStepping = true
    return true
  }

  /// The owner finished a piece of work: hands it the next one, with the extras if the step
  /// takes the general path, or ends the step.
  @inlinable mutating func nextWork() -> (Work, RuntimeExtras<Action, Mutation, State>?)? {
    precondition(isStepping, "Internal inconsistency: work asked for by a thread without the step")
    if Int(queueHead) < queue.count {
      defer { queueHead += 1 }
      return (queue[Int(queueHead)], stepExtras())
    }
    if !queue.isEmpty {
      queue.removeAll(keepingCapacity: queue.capacity <= 64)
      queueHead = 0
    }
    isStepping = false
    return nil
  }

  /// The extras as the step's owner needs them: `nil` on the plain path, where nothing in them
  /// changes how work is performed.
  @inlinable mutating func stepExtras() -> RuntimeExtras<Action, Mutation, State>? {
    needsGeneralPath ? makeExtras() : nil
  }

  /// Whether the step's owner may perform its work on the plain path: the reactor is started and
  /// has no hook, recorder, `take(until:)` work, and has not ended.
  @inlinable var isPlain: Bool { state != nil && !needsGeneralPath }

  /// Work from outside a step that must not overtake what the running step has queued.
  ///
  /// - Returns: Whether `work` was queued; if not, no step runs and the caller performs it now.
  mutating func queueBehindStep(_ work: Work) -> Bool {
    guard isStepping else { return false }
    queue.append(work)
    return true
  }

  /// The owner reduced a new state.
  ///
  /// - Returns: Who to tell, or `nil` if the mutation came from an effect cancelled since it was
  ///   sent: the state is dropped, so nothing of cancelled work lands after the cancel (R7).
  @inlinable mutating func commit(_ newState: State, from origin: EffectScope?) -> Listeners<State>?
  {
    if let origin, origin.isRevoked { return nil }
    state = newState
    return listeners
  }

  /// The state a new listener gets first: the last one published.
  var replayState: State? {
    guard let extras, extras.pipeline?.states != nil else { return state }
    return extras.published
  }

  // MARK: - Listeners

  /// Registers a listener; returns the state to hand it first, if there is one.
  mutating func add(_ listener: Listener<State>) -> State? {
    listeners.append(listener)
    return replayState
  }

  /// Forgets the consumers that have gone.
  @usableFromInline mutating func dropFinishedConsumers() {
    listeners.dropFinished()
  }

  // MARK: - Extras

  /// Synchronous observers and `StateSequence` consumers, in subscription order.
  @inlinable var listeners: Listeners<State> {
    get { Listeners(first: firstListener, others: hasOtherListeners ? extras!.otherListeners : []) }
    set {
      firstListener = newValue.first
      hasOtherListeners = !newValue.others.isEmpty
      if extras != nil || hasOtherListeners { makeExtras().otherListeners = newValue.others }
    }
  }

  /// The extras, allocated on first use.
  @usableFromInline mutating func makeExtras() -> RuntimeExtras<Action, Mutation, State> {
    if let extras { return extras }
    let extras = RuntimeExtras<Action, Mutation, State>()
    self.extras = extras
    return extras
  }

  /// Counts a task about to start, if a leak check or test store installed a tracker.
  func countTask() -> TaskCount {
    TaskCount(extras?.tracker)
  }

  /// Recomputes `needsGeneralPath` after a hook, the recorder, the pipeline, a stop condition or
  /// the lifecycle changed.
  @usableFromInline mutating func updatePath() {
    guard let extras else { return needsGeneralPath = false }
    needsGeneralPath =
      extras.effects.hasStopConditions || extras.effects.hasEnded || !extras.isPlain
  }

  // MARK: - Lifecycle

  /// Ends the reactor while something may still hold it: every effect is cancelled, every
  /// listener let go, and from now on actions are dropped.
  ///
  /// - Returns: What to do outside the lock.
  mutating func end() -> Ending {
    // Idle waiters stay: they wait only while a task runs, and the tasks end after this.
    let followUp = makeExtras().effects.endAll()
    let ending = Ending(
      followUp: followUp, consumers: listeners.all.compactMap(\.consumer),
      pipeline: extras?.pipeline, children: extras?.children)
    listeners = Listeners()
    extras?.children = nil
    updatePath()
    return ending
  }

  /// What ending a reactor leaves to do outside the lock.
  struct Ending {
    let followUp: FollowUp
    let consumers: [StateBuffer<State>]
    let pipeline: Pipeline<Action, Mutation, State>?
    let children: ChildRegistry?
  }
}

/// What the machine leaves the caller to do once the lock is released.
@usableFromInline struct FollowUp {
  var tasksToCancel: [Task<Void, Never>] = []
  var turnsToResume: [(UnsafeContinuation<Bool, Never>, granted: Bool)] = []
  var idleWaiters: [CheckedContinuation<Void, Never>] = []

  @usableFromInline init() {}

  init(tasksToCancel: [Task<Void, Never>]) {
    self.tasksToCancel = tasksToCancel
  }

  var isEmpty: Bool { tasksToCancel.isEmpty && turnsToResume.isEmpty && idleWaiters.isEmpty }

  static func += (lhs: inout FollowUp, rhs: FollowUp) {
    lhs.tasksToCancel += rhs.tasksToCancel
    lhs.turnsToResume += rhs.turnsToResume
    lhs.idleWaiters += rhs.idleWaiters
  }

  /// Cancels and resumes; never call it with a lock held.
  func perform() {
    for task in tasksToCancel { task.cancel() }
    for (continuation, granted) in turnsToResume { continuation.resume(returning: granted) }
    for waiter in idleWaiters { waiter.resume() }
  }
}
