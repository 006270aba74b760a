/// Everything a reactor's runtime decides, as one value guarded by the runtime's lock: the state,
/// the listeners, the work queued for the step's owner, the effects, the lifecycle. Each event is
/// a `mutating` method returning what the caller must do once the lock is released (call
/// observers, cancel tasks, resume continuations, release what left the machine): it never calls
/// out, so it is driven and tested as a plain value. Steps, states, events: `DesignNotes.md`.
@usableFromInline struct RuntimeMachine<Action: Sendable, Mutation: Sendable, State: Sendable> {
  @usableFromInline typealias Work = StepWork<Action, Mutation, State>

  /// The last reduced state, `nil` until first used: written only by the owner, under the lock.
  @usableFromInline var state: State?
  // Small fields first, in the word after the state: a smaller idle allocation (`Performance.md`).

  /// Whether a step must take the general path (`updatePath()`), mirrored into the step word.
  @usableFromInline var needsGeneralPath = false
  /// Whether the extras hold listeners after the first: without, a step never reads the extras.
  @usableFromInline var hasOtherListeners = false
  /// Whether the thread that owns the step runs on the main actor, as its sender said: set when
  /// the step is taken, read by its observers (`ObservedReactor`). Only the owner touches it.
  @usableFromInline var isStepOnMainActor = false
  /// The first listener; the others are in the extras, since most reactors have one (a view).
  @usableFromInline var firstListener: Listener<State>?
  /// What only some reactors use; allocated on first use.
  @usableFromInline var extras: RuntimeExtras<Action, Mutation, State>?
  /// The effect table, kept in the extras: a reactor without effects never allocates them.
  var effects: EffectTable { extras?.effects ?? EffectTable() }

  // MARK: - The step

  /// The owner takes the queued work into `batch` (`Intake.take(into:)`), and applies the removals
  /// if `removing`: both to perform or release with the lock released.
  @inlinable mutating func handOver(_ batch: inout [Work], removing: Bool) -> Listeners<State> {
    _ = extras?.intake.withLock { $0.take(into: &batch) }
    return removing ? applyRemovals() : Listeners()
  }

  /// Work arrived for the thread that owns the step; returns the intake if the owner keeps it open.
  @inlinable mutating func enqueue(_ work: Work) -> Locked<Intake<Work>>? {
    let intake = makeExtras().intake
    return intake.withLock { $0.leave(work, always: true) } ? intake : nil
  }

  /// The owner lets go of the listeners other threads removed; returns them, to release unlocked.
  @usableFromInline mutating func applyRemovals() -> Listeners<State> {
    guard let extras else { return Listeners() }
    defer { (extras.removesAllListeners, extras.pendingRemovals) = (false, []) }
    if extras.removesAllListeners { return takeListeners() }
    var removed = Listeners<State>()
    for token in extras.pendingRemovals {
      if let listener = removeListener(token) { removed.append(listener) }
    }
    return removed
  }

  /// The extras for the step's owner: `nil` on the plain path, where none of them changes a step.
  @inlinable mutating func stepExtras() -> RuntimeExtras<Action, Mutation, State>? {
    needsGeneralPath ? makeExtras() : nil
  }

  /// Commits the owner's new state, unless the effect that sent it was cancelled since: nothing of
  /// cancelled work lands after the cancel (R7). Returns the state replaced, to release unlocked.
  @inlinable mutating func commit(
    _ newState: State, from origin: EffectScope?
  ) -> (committed: Bool, replaced: State?) {
    if let origin, origin.isRevoked { return (false, nil) }
    defer { state = newState }
    return (true, state)
  }

  // MARK: - Listeners

  /// Forgets the consumers that have gone; returns them, to release once the lock is.
  @usableFromInline mutating func dropFinishedConsumers() -> Listeners<State> {
    listeners.dropFinished()
  }

  /// By the owner: registers a listener; returns the last state published, to hand it first.
  mutating func add(_ listener: Listener<State>) -> State? {
    listeners.append(listener)
    guard let extras, extras.pipeline?.states != nil else { return state }
    return extras.published
  }

  /// Synchronous observers and `StateSequence` consumers, in subscription order: the step
  /// owner's, read by it without the lock; another thread's removal waits (`pendingRemovals`).
  @inlinable var listeners: Listeners<State> {
    get { Listeners(first: firstListener, others: hasOtherListeners ? extras!.otherListeners : []) }
    set {
      firstListener = newValue.first
      hasOtherListeners = !newValue.others.isEmpty
      if extras != nil || hasOtherListeners { makeExtras().otherListeners = newValue.others }
    }
  }

  /// By the owner: removes `token`'s listener, or its queued registration, to release unlocked.
  mutating func removeListener(_ token: ObjectIdentifier) -> Listener<State>? {
    listeners.remove(token) ?? removeQueuedListener(token)
  }

  /// Step owned elsewhere: drops `token`'s queued registration, or leaves the removal to the owner.
  mutating func removeListenerLater(_ token: ObjectIdentifier) -> Listener<State>? {
    if let removed = removeQueuedListener(token) { return removed }
    makeExtras().pendingRemovals.append(token)
    return nil
  }

  private mutating func removeQueuedListener(_ token: ObjectIdentifier) -> Listener<State>? {
    extras?.intake.withLock { intake in
      for index in intake.work.indices {
        if case .listen(let listener) = intake.work[index], listener.token == token {
          intake.work[index] = .barrier {}
          return listener
        }
      }
      return nil
    }
  }

  // MARK: - Extras

  /// The extras, allocated on first use.
  @inlinable mutating func makeExtras() -> RuntimeExtras<Action, Mutation, State> {
    if extras == nil { extras = RuntimeExtras() }
    return extras!
  }

  /// Counts a task about to start, if a leak check or test store installed a tracker.
  @usableFromInline func countTask() -> TaskCount { TaskCount(extras?.tracker) }

  /// Recomputes `needsGeneralPath`, which `RuntimeStorage.updatePath` mirrors into the step word.
  @usableFromInline mutating func updatePath() {
    guard state != nil, let extras else { return needsGeneralPath = state == nil }
    needsGeneralPath = !extras.effects.stops.isEmpty || extras.effects.hasEnded || !extras.isPlain
  }

  // MARK: - Lifecycle

  /// Ends the reactor: every effect is cancelled, and actions are dropped from now on; the caller
  /// updates the path, and whoever owns the step lets the listeners go (`takeListeners()`).
  mutating func end() -> Ending {
    // Idle waiters stay: they wait only while a task runs, and the tasks end after this.
    let extras = makeExtras()
    defer { extras.children = nil }
    return Ending(
      followUp: extras.effects.endAll(), pipeline: extras.pipeline, children: extras.children)
  }

  /// Lets every listener go; by a thread that owns the step.
  mutating func takeListeners() -> Listeners<State> {
    defer { listeners = Listeners() }
    return listeners
  }

  /// What ending a reactor leaves to do outside the lock.
  struct Ending {
    let followUp: FollowUp
    let pipeline: Pipeline<Action, Mutation, State>?
    let children: ChildRegistry?
    /// The listeners let go, if the thread ending the reactor took them; their consumers end.
    var listeners = Listeners<State>()

    /// Cancels, resumes, ends the consumers, the hooks' tasks and the children.
    func perform() {
      followUp.perform()
      listeners.finishConsumers()
      pipeline?.disconnect()
      children?.endAll()
    }
  }
}

/// What the machine leaves the caller to do once the lock is released, in order: one array, so
/// that the common empty one costs a single release.
@usableFromInline struct FollowUp {
  @usableFromInline enum Item {
    case cancel(Task<Void, Never>)
    /// A `.queue` run's turn: granted, or refused (cancelled).
    case resume(UnsafeContinuation<Bool, Never>, granted: Bool)
    /// A task waiting in `waitUntilIdle()`.
    case wake(CheckedContinuation<Void, Never>)
    /// Released unlocked: what left the machine with user values (a run, its action, a predicate).
    case release(Any)
  }

  @usableFromInline var items: [Item] = []

  @usableFromInline init() {}

  static func += (lhs: inout FollowUp, rhs: FollowUp) { lhs.items += rhs.items }

  /// Cancels and resumes; never call it with a lock held.
  @usableFromInline func perform() {
    for item in items {
      switch item {
      case .cancel(let task): task.cancel()
      case .resume(let continuation, let granted): continuation.resume(returning: granted)
      case .wake(let waiter): waiter.resume()
      case .release: break
      }
    }
  }
}
