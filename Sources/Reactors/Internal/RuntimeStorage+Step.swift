/// Drives a step: takes it or queues work for its owner, then performs work until the queue is
/// empty. Everything here runs on the thread that owns the step, with the lock released but for
/// the short bookkeeping of `RuntimeCore`'s events.
///
/// The synchronous path (`send` → `mutate` → `.just` → `reduce` → observers) is `@inlinable`, so
/// it is specialised for each reactor: no `Task`, no allocation, three short lock holds (take the
/// step, commit the state, end the step), and one test of `extras` to skip everything optional.
extension RuntimeStorage {
  // MARK: - Entry points

  /// Sends an action: performs it now if no step is running, or leaves it for the thread that
  /// runs the step, which performs it before that step ends. Never waits.
  @inlinable func send<R: Reactor>(_ action: Action, to reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    guard let ticket = withLock({ $0.beginStep(orQueue: .send(action)) }) else { return }
    if _fastPath(ticket.isPlain) {
      // Straight to `mutate`, without wrapping the action as step work.
      handle(action, nil, reactor)
      if withLock({ $0.endStepIfNothingQueued() }) { return }
      performQueuedWork(reactor)
    } else {
      runStep(.send(action), ticket, reactor)
    }
  }

  /// Performs `work` now if no step is running; otherwise queues it for the step's owner.
  @inlinable func submit<R: Reactor>(_ work: Work, _ reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    guard let ticket = withLock({ $0.beginStep(orQueue: work) }) else { return }
    runStep(work, ticket, reactor)
  }

  @inlinable func currentState<R: Reactor>(of reactor: R) -> State
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    if let state = withLock({ $0.state }) { return state }
    return startedState(of: reactor)
  }

  /// The state of a reactor not used before: starts it, unless another thread's step is starting
  /// it right now, in which case the initial state is still the current one.
  @usableFromInline func startedState<R: Reactor>(of reactor: R) -> State
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    if let ticket = withLock({ $0.tryBeginStep() }) { runStep(nil, ticket, reactor) }
    return withLock { $0.state } ?? reactor.initialState
  }

  /// A value out of a `transform` hook: performed inside the step that handed it to the hook,
  /// or like any other work when it comes later from the hook's own task (a debounce, a merged
  /// sequence).
  func route<R: Reactor>(_ work: Work, _ reactor: R?)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    guard let reactor else { return }
    switch withLock({ $0.route(work, from: .current) }) {
    case .inline(let extras): perform(work, extras, reactor)
    case .run(let ticket): runStep(work, ticket, reactor)
    case .queued: break
    }
  }

  // MARK: - The step

  /// Performs `first`, then everything queued meanwhile, then ends the step.
  @inlinable func runStep<R: Reactor>(_ first: Work?, _ ticket: StepTicket<Extras>, _ reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    var extras = ticket.extras
    if _slowPath(!ticket.isStarted) { extras = start(reactor) }
    #if DEBUG
    checkUser(reactor)
    #endif
    if let first { perform(first, extras, reactor) }
    performQueuedWork(reactor)
  }

  /// Performs what other threads queued meanwhile, then ends the step.
  @inlinable func performQueuedWork<R: Reactor>(_ reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    while let (work, extras) = withLock({ $0.nextWork() }) {
      perform(work, extras, reactor)
    }
  }

  @inlinable func perform<R: Reactor>(_ work: Work, _ extras: Extras?, _ reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    switch work {
    case .send(let action):
      receiveSent(action, extras, reactor)
    case .observedSend(let action, let around):
      around(true)
      receiveSent(action, extras, reactor)
      around(false)
    case .action(let action):
      handle(action, extras, reactor)
    case .mutation(let mutation, let scope):
      deliver(mutation, from: scope, extras, reactor)
    case .transformedMutation(let mutation, let origin):
      apply(mutation, from: origin, extras, reactor)
    case .effectEnded(let scope):
      finish(scope)
    default:
      performObserving(work)
    }
  }

  /// An action as sent: stops the `take(until:)` work it matches, then goes through
  /// `transform(action:)` to `mutate`.
  ///
  /// The predicates see the action before the hook, as ReactorKit's `self.action` is the subject
  /// the view sends into: an action the hook drops still stops work, and one the hook merges in
  /// from elsewhere does not.
  @inlinable func receiveSent<R: Reactor>(_ action: Action, _ extras: Extras?, _ reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    guard let extras else { return handle(action, nil, reactor) }
    // Recording: the action as sent; what is reduced until it returns is immediate.
    let recorder = extras.recorder
    recorder?.actionSent(action)
    defer { recorder?.sentActionPerformed() }
    stopWork(matching: action)
    if let relay = extras.pipeline?.actions {
      handOver(extras) { relay.emit(action, origin: nil) }
    } else {
      handle(action, extras, reactor)
    }
  }

  /// Runs `mutate` for an action and starts what it returns.
  @inlinable func handle<R: Reactor>(_ action: Action, _ extras: Extras?, _ reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    if let extras, let hooks = withLock({ _ in extras.hooks }) {
      hooks.report(.action(action))
      if let stub = hooks.stub { return stub(action) }
    }
    let mutations = reactor.mutate(action: action)
    if let first = mutations.first {
      deliver(first, from: nil, extras, reactor)
      if let second = mutations.second { deliver(second, from: nil, extras, reactor) }
    }
    start(mutations.rest, action: action, extras, reactor)
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
    guard let audience = withLock({ $0.commit(newState, from: origin) }) else { return }
    audience.rest?.hooks?.report(mutation, newState)
    if let extras, let relay = extras.pipeline?.states {
      handOver(extras) { relay.emit(newState, origin: nil) }
    } else {
      publish(newState, to: audience)
    }
  }

  /// Tells every observer and consumer of a new state, in order.
  @inlinable func publish(_ state: State, to audience: Audience<Action, Mutation, State>) {
    audience.observer?.receive(state)
    if let rest = audience.rest { publish(state, to: rest) }
  }

  // NB: never inlined, so that the one-observer path above stays small enough to be inlined.
  @inlinable @inline(never)
  func publish(_ state: State, to rest: Audience<Action, Mutation, State>.Rest) {
    if rest.push(state) { withLock { $0.extras?.consumers.removeAll { $0.isFinished } } }
  }

  /// Hands a value to a `transform` hook; what the hook delivers synchronously comes back
  /// through `route` on this thread and is performed at once, inside this step.
  @inlinable func handOver(_ extras: Extras, _ body: () -> Void) {
    let thread = ThreadIdentity.current
    withLock { _ in
      extras.relayingDepth += 1
      extras.relayingThread = thread
    }
    body()
    withLock { _ in extras.relayingDepth -= 1 }
  }

  /// Cancels the `take(until:)` work whose predicate matches `action`.
  @inlinable func stopWork(matching action: Action) {
    let conditions = withLock { core in
      core.extras.map { $0.effects.hasStopConditions ? $0.effects.stopConditions : [] } ?? []
    }
    guard !conditions.isEmpty else { return }
    // The predicates are user code: run them with the lock released.
    let matching = conditions.filter { $0.matches(action) }.map(\.scope)
    guard !matching.isEmpty else { return }
    withLock { core in
      for scope in matching { core.extras?.effects.cancel(scope) }
    }
  }

  /// Performs the work of subscribing, unsubscribing and stub mode.
  @usableFromInline func performObserving(_ work: Work) {
    switch work {
    case .state(let state):
      let audience = withLock { core in
        core.makeExtras().published = state
        return core.audience
      }
      publish(state, to: audience)
    case .observe(let observer):
      guard let replay = withLock({ $0.add(observer) }) else { return }
      observer.receive(replay)
    case .subscribe(let buffer):
      withLock { $0.add(buffer) }
    case .replaceState(let state):
      let audience = withLock { core in
        core.state = state
        if let extras = core.extras, extras.pipeline?.states != nil { extras.published = state }
        return core.audience
      }
      publish(state, to: audience)
    case .barrier(let body):
      body()
    case .retire:
      break  // Released with the work, now that no state is being handed to them.
    case .send, .observedSend, .action, .mutation, .transformedMutation, .effectEnded:
      preconditionFailure("Internal inconsistency: \(work) is not an observing step")
    }
  }

  // MARK: - Starting

  /// Reads the initial state and connects the `transform` hooks; runs once, in the first step.
  ///
  /// - Returns: The reactor's extras, which hold the hooks' pipeline if any hook is overridden.
  @usableFromInline func start<R: Reactor>(_ reactor: R) -> Extras?
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let initialState = reactor.initialState
    #if DEBUG
    checkRuntimeIsStored(in: reactor)
    #endif
    let pipeline = Pipeline.make(for: reactor)
    let extras = withLock { core -> Extras? in
      core.state = initialState
      #if DEBUG
      core.user = (ObjectIdentifier(reactor), R.self)
      #endif
      if let pipeline { core.makeExtras().pipeline = pipeline }
      return core.extras
    }
    guard let pipeline, let extras else { return extras }
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
    if let states = pipeline.states {
      handOver(extras) { states.emit(initialState, origin: nil) }
    }
    return extras
  }

  #if DEBUG
  /// Traps when `runtime` is a computed property: each read would make a new, empty runtime.
  func checkRuntimeIsStored<R: Reactor>(in reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    precondition(
      reactor.runtime.storage === self,
      "\(R.self).runtime returns a new runtime on each read: declare it once, as the stored "
        + "property `let runtime = Runtime()`")
  }

  /// Traps when two reactors share one runtime.
  @usableFromInline func checkUser<R: Reactor>(_ reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    // Written once, by the step that started the runtime: the owner may read it unlocked.
    guard let user = withUnsafeMutablePointerToHeader({ $0.pointee.user }) else { return }
    precondition(
      user.id == ObjectIdentifier(reactor),
      "A \(R.self) uses the runtime of a \(user.type): each reactor needs its own "
        + "`let runtime = Runtime()`, never shared")
  }
  #endif
}
