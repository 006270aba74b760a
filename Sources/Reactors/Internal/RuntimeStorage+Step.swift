/// Performs a step: takes it, or queues work for its owner, which performs it before the step
/// ends, with the lock released but for the machine's events. `@inlinable`, so that each reactor's
/// `send` is specialised: no allocation or generic dispatch on the synchronous path.
extension RuntimeStorage {
  // MARK: - Entry points

  /// Sends an action from `isolation`, where its effects start: performs it now, or leaves it for
  /// the step's owner (in its open intake, if this thread kept it: `IntakeCache`). Never waits.
  @inlinable func send<R: Reactor>(_ action: Action, to reactor: R, from isolation: (any Actor)?)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    if IntakeCache.leave(Work.send(action, from: isolation), in: self) { return }
    enter(.send(action, from: isolation), reactor, on: isolation) {
      handle(action, nil, reactor, from: isolation)
    }
  }

  /// Performs `work` now if no step is running; otherwise queues it for the step's owner.
  func submit<R: Reactor>(_ work: Work, _ reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    enter(work, reactor) { perform(work, nil, reactor) }
  }

  /// The one way into a step, on `isolation`: a free, plain step is taken with one
  /// compare-exchange and `plainly` performs the work; otherwise `enterLocked` decides.
  @inlinable func enter<R: Reactor>(
    _ work: @autoclosure () -> Work, _ reactor: R, on isolation: (any Actor)? = nil,
    plainly: () -> Void
  ) where R.Action == Action, R.Mutation == Mutation, R.State == State {
    if step.takeFree() {
      noteStepIsolation(isolation)
      plainly()
      endStep(reactor)
    } else {
      enterLocked(work(), reactor, from: nil, on: isolation)
    }
  }

  /// The entry through the lock: the step is owned by another thread or takes the general path,
  /// or `work` comes from an effect's `scope`. That is dropped if it was cancelled or has finished,
  /// checked under the lock that every cancel takes (R7; the commit checks again).
  @inlinable func enterLocked<R: Reactor>(
    _ work: Work, _ reactor: R, from scope: EffectScope?, on isolation: (any Actor)? = nil
  ) where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let (owns, isStarted, intake) = withLock { machine -> (Bool, Bool, Locked<Intake<Work>>?) in
      if let scope, !scope.isActive { return (false, true, nil) }
      if claimStep(flagging: StepLock.queued) { return (true, machine.state != nil, nil) }
      return (false, true, machine.enqueue(work))
    }
    if let intake, scope == nil { IntakeCache.keep(intake, of: self) }  // Not an effect's thread.
    guard owns else { return }
    noteStepIsolation(isolation)
    if !isStarted { start(reactor) }
    perform(work, stepExtras(), reactor)
    endStep(reactor)
  }

  @inlinable func currentState<R: Reactor>(of reactor: R) -> State
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    if let state = withLock({ $0.state }) { return state }
    return startedState(of: reactor)
  }

  /// Starts an unused reactor, returning its state: the initial one if another step is starting it.
  @usableFromInline func startedState<R: Reactor>(of reactor: R) -> State
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    submit(.barrier {}, reactor)
    return withLock { $0.state } ?? reactor.initialState
  }

  /// A value out of a `transform` hook: performed inside the step that handed it to the hook, or
  /// like any other work when it comes later from the hook's own task (a debounce, a merge).
  func route<R: Reactor>(_ work: Work, _ reactor: R?)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    guard let reactor else { return }
    let thread = ThreadIdentity.current
    let relaying = withLock { $0.extras?.relayingThread == thread ? $0.extras : nil }
    if let relaying { perform(work, relaying, reactor) } else { submit(work, reactor) }
  }

  // MARK: - The step word

  /// With the lock held: `true` if the step is free (the caller's now, if `takingIt`), `false`
  /// once `flag` is set for its owner. Owners clear flags only with the lock held, so a flag set
  /// here is seen; and a step taken here has no flag: setting one takes the lock.
  @inlinable func claimStep(flagging flag: Int, takingIt: Bool = true) -> Bool {
    let step = self.step
    while true {
      let word = step.loadWordLocked()
      if word & StepLock.owned == 0 {
        if !takingIt || step.exchangeWordLocked(word, word | StepLock.owned) { return true }
      } else if word & flag != 0 || step.exchangeWordLocked(word, word | flag) {
        return false
      }
    }
  }

  /// Ends the step, performing first what other threads left for it: queued work and removals.
  @inlinable func endStep<R: Reactor>(_ reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    if !step.tryEnd() { performHandover(reactor) }
  }

  /// Performs what other threads left for the step, taken a batch at a time, until nothing is
  /// left, then ends it; apart from `endStep`, whose fast path stays one compare-exchange.
  @inlinable func performHandover<R: Reactor>(_ reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    // The intake's buffer comes back for the next batch, so a contended step allocates once.
    var batch: [Work] = []
    repeat {
      let (removed, watcher, intake) = withLock { machine in
        let word = step.loadWordLocked()
        step.clearLocked(StepLock.forOwner)
        return (
          machine.handOver(&batch, removing: word & StepLock.removals != 0),
          word & StepLock.watched != 0 ? machine.extras?.watcher : nil, machine.extras?.intake
        )
      }
      removed.finishConsumers()
      repeat {
        // By index: each piece is lent to `perform`, not copied out of the array and destroyed.
        for index in batch.indices { perform(batch[index], stepExtras(), reactor) }
        batch.removeAll(keepingCapacity: true)  // Released here, with the locks released.
      } while intake?.withLock({ $0.take(into: &batch) }) == true
      watcher?(ownerState, false)
    } while !step.tryEnd()
  }

  /// The extras, if the step takes the general path now.
  @inlinable func stepExtras() -> Extras? {
    step.loadWord() & StepLock.general == 0 ? nil : withLock { $0.stepExtras() }
  }

  // MARK: - The step

  /// The state, read by the thread that owns the step without the lock: only that thread writes
  /// it, and it took the step from the last owner through the step word or the lock.
  @inlinable var ownerState: State { withUnsafeMutablePointerToHeader { $0.pointee.state! } }

  /// Performs one piece of a step's work, on the thread that owns the step.
  @inlinable func perform<R: Reactor>(_ work: Work, _ extras: Extras?, _ reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    switch work {
    case .send(let action, let isolation):
      if let extras {
        receiveSent(action, extras, reactor, from: isolation)
      } else {
        handle(action, nil, reactor, from: isolation)
      }
    case .mutation(let mutation, let scope):
      deliver(mutation, from: scope, extras, reactor)
    case .effectEnded(let scope):
      withLock { $0.makeExtras().effects.finish(scope) }.perform()
    case .observedSend(let action, let around):
      around(true)
      receiveSent(action, withLock { $0.makeExtras() }, reactor, from: nil)
      around(false)
    case .action(let action):
      handle(action, extras, reactor, from: extras?.relayedIsolation)
    case .transformedMutation(let mutation, let origin):
      apply(mutation, from: origin, extras, reactor)
    case .state(let state):
      publishUnreduced(state, commits: false)
    case .listen(let listener):
      listen(listener)
    case .replaceState(let state):
      publishUnreduced(state, commits: true)
    case .barrier(let body):
      body()
    }
  }

  /// Tells every listener of a state that skipped `reduce`: one out of `transform(state:)`, or
  /// stub mode's, which `commits` it. Where `transform(state:)` is overridden, it is also what new
  /// listeners get first. What it replaces is released once the lock is.
  @usableFromInline func publishUnreduced(_ state: State, commits: Bool) {
    _ = withLock { machine in
      let extras = machine.extras.flatMap { $0.pipeline?.states != nil ? $0 : nil }
      defer { extras?.published = state }
      return (commits ? machine.commit(state, from: nil).replaced : nil, extras?.published)
    }
    publish(state)
  }

  /// Adds a listener, handing it the state to start from.
  @usableFromInline func listen(_ listener: Listener<State>) {
    if let replay = withLock({ $0.add(listener) }) { _ = listener.receive(replay) }
  }

  /// An action as sent: stops the `take(until:)` work it matches, then goes through
  /// `transform(action:)` to `mutate`. The predicates see it before the hook, as ReactorKit's
  /// `self.action` is the subject the view sends into: an action the hook drops still stops work.
  @usableFromInline func receiveSent<R: Reactor>(
    _ action: Action, _ extras: Extras, _ reactor: R, from isolation: (any Actor)?
  ) where R.Action == Action, R.Mutation == Mutation, R.State == State {
    // Recording: the action as sent; what is reduced until it returns is immediate.
    let recorder = extras.recorder
    recorder?.actionSent(action)
    defer { recorder?.sentActionPerformed() }
    // The predicates are user code: run on a copy, with the lock released.
    let matching = withLock { $0.effects.stops }.filter { $0.matches(action) }.map(\.scope)
    if !matching.isEmpty {
      cancel { effects in matching.reduce(into: FollowUp()) { $0 += effects.cancel($1) } }
    }
    if let relay = extras.pipeline?.actions {
      handOver(extras, from: isolation) { relay.emit(action, origin: nil) }
    } else {
      handle(action, extras, reactor, from: isolation)
    }
  }

  /// Runs `mutate` for an action and starts what it returns, on `isolation`, its sender's actor.
  @inlinable func handle<R: Reactor>(
    _ action: Action, _ extras: Extras?, _ reactor: R, from isolation: (any Actor)?
  ) where R.Action == Action, R.Mutation == Mutation, R.State == State {
    if let extras, !mayMutate(action, extras) { return }
    let mutations = reactor.mutate(action: action)
    if let first = mutations.first {
      deliver(first, from: nil, extras, reactor)
      if let second = mutations.second { deliver(second, from: nil, extras, reactor) }
    }
    if !mutations.rest.isNone {
      start(mutations.rest, for: action, extras, reactor, on: isolation)
    }
  }

  /// Reports an action to diagnostics; `false` if it must not reach `mutate` (stub mode, or ended).
  @usableFromInline func mayMutate(_ action: Action, _ extras: Extras) -> Bool {
    let (hasEnded, diagnostics, stub) = withLock {
      ($0.effects.hasEnded, extras.diagnostics, extras.stub)
    }
    if hasEnded { return false }
    for diagnostic in diagnostics { diagnostic.report(.action(action)) }
    stub?(action)
    return stub == nil
  }

  /// Hands a mutation to `transform(mutation:)` or straight to `reduce`.
  @inlinable func deliver<R: Reactor>(
    _ mutation: Mutation, from origin: EffectScope?, _ extras: Extras?, _ reactor: R
  ) where R.Action == Action, R.Mutation == Mutation, R.State == State {
    if let extras, let relay = extras.pipeline?.mutations {
      handOver(extras) { relay.emit(mutation, origin: origin) }
    } else {
      apply(mutation, from: origin, extras, reactor)
    }
  }

  /// Reduces one mutation, commits the new state and tells everyone.
  @inlinable func apply<R: Reactor>(
    _ mutation: Mutation, from origin: EffectScope?, _ extras: Extras?, _ reactor: R
  ) where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let newState = reactor.reduce(state: ownerState, mutation: mutation)
    // The replaced state is released once the lock is: its `deinit` may read the state.
    guard withLock({ $0.commit(newState, from: origin) }).committed else { return }
    if let extras {
      report(mutation, newState, extras)
      if let relay = extras.pipeline?.states {
        return handOver(extras) { relay.emit(newState, origin: nil) }
      }
    }
    publish(newState)
  }

  /// Records a reduced mutation, then tells diagnostics, which may read the recording, of it.
  @usableFromInline func report(_ mutation: Mutation, _ state: State, _ extras: Extras) {
    extras.recorder?.mutationReduced(mutation)
    let diagnostics = withLock { _ in extras.diagnostics }
    for diagnostic in diagnostics {
      diagnostic.report(.mutation(mutation))
      diagnostic.report(.state(state))
    }
  }

  /// Tells each listener of a new state, in order: the owner's, read in place without lock or copy.
  @inlinable func publish(_ state: State) {
    if step.loadWord() & StepLock.removals != 0 { applyRemovals() }
    let allAlive = withUnsafeMutablePointerToHeader { machine in
      var allAlive = machine.pointee.firstListener?.receive(state) ?? true
      if machine.pointee.hasOtherListeners {
        let calls = machine.pointee.extras!.currentCalls()  // Its objects, unretained.
        for call in calls where !call.receive(state) { allAlive = false }
      }
      return allAlive
    }
    if !allAlive { _ = withLock { $0.dropFinishedConsumers() } }  // Released unlocked.
  }

  /// Lets go of the listeners that other threads removed while this one owned the step.
  @usableFromInline func applyRemovals() {
    let removed = withLock { machine in
      step.clearLocked(StepLock.removals)
      return machine.applyRemovals()
    }
    removed.finishConsumers()
  }

  /// Hands a value sent from `isolation` to a `transform` hook: what the hook delivers at once
  /// comes back through `route`, performed inside this step (an action's effects on `isolation`).
  @usableFromInline func handOver(
    _ extras: Extras, from isolation: (any Actor)? = nil, _ body: () -> Void
  ) {
    let thread = ThreadIdentity.current
    // A hand-over nested in another on this thread restores the outer one's as it returns.
    let outer = withLock { _ in
      defer { (extras.relayingThread, extras.relayedIsolation) = (thread, isolation) }
      return (extras.relayingThread, extras.relayedIsolation)
    }
    body()
    withLock { _ in (extras.relayingThread, extras.relayedIsolation) = outer }
  }

  // MARK: - Starting

  /// Reads the initial state and connects the `transform` hooks; runs once, in the first step.
  @usableFromInline func start<R: Reactor>(_ reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let initialState = reactor.initialState
    #if DEBUG
    precondition(
      reactor.runtime.storage === self,
      "\(R.self).runtime returns a new runtime on each read: declare it once, as the stored "
        + "property `let runtime = Runtime()`")
    #endif
    let pipeline = Pipeline.make(for: reactor)
    let (extras, diagnostics) = updatePath { machine in
      machine.state = initialState
      if let pipeline { machine.makeExtras().pipeline = pipeline }
      return (machine.extras, machine.extras?.diagnostics ?? [])
    }
    // Hooks that print what each state changed start from this one.
    for diagnostic in diagnostics { diagnostic.start?(initialState) }
    guard let pipeline, let extras else { return }
    // Values the hooks prepend are queued behind this step and performed once it is set up.
    pipeline.connect(
      actions: { [weak reactor] action, _ in
        reactor?.runtime.storage.route(.action(action), reactor)
      },
      mutations: { [weak reactor] mutation, origin in
        reactor?.runtime.storage.route(.transformedMutation(mutation, origin: origin), reactor)
      },
      states: { [weak reactor] state, _ in
        reactor?.runtime.storage.route(.state(state), reactor)
      }
    )
    if let states = pipeline.states { handOver(extras) { states.emit(initialState, origin: nil) } }
  }
}
