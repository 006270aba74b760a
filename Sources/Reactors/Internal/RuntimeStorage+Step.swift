/// Performs a step: takes it or queues work for its owner, then performs work until the queue is
/// empty. Everything here runs on the thread that owns the step, with the lock released but for
/// the machine's events.
///
/// `@inlinable`, so that each reactor's `send` is specialised for its own types: that is what
/// keeps the synchronous path free of allocations and generic dispatch (see `DesignNotes.md`).
extension RuntimeStorage {
  // MARK: - Entry points

  /// Sends an action: performs it now if no step is running, or leaves it for the thread that
  /// owns the step, which performs it before that step ends. Never waits.
  @inlinable func send<R: Reactor>(_ action: Action, to reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let (owns, isPlain) = withLock { ($0.beginStep(orQueue: .send(action)), $0.isPlain) }
    guard owns else { return }
    if isPlain {
      handle(action, nil, reactor)
      performQueuedWork(reactor)
    } else {
      runStep(.send(action), reactor)
    }
  }

  /// Performs `work` now if no step is running; otherwise queues it for the step's owner.
  func submit<R: Reactor>(_ work: Work, _ reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    guard withLock({ $0.beginStep(orQueue: work) }) else { return }
    runStep(work, reactor)
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
    if withLock({ $0.beginStep(orQueue: .barrier {}) }) { runStep(nil, reactor) }
    return withLock { $0.state } ?? reactor.initialState
  }

  /// A value out of a `transform` hook: performed inside the step that handed it to the hook, or
  /// like any other work when it comes later from the hook's own task (a debounce, a merge).
  func route<R: Reactor>(_ work: Work, _ reactor: R?)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    guard let reactor else { return }
    let thread = ThreadIdentity.current
    let route = withLock { machine -> Extras?? in
      if let extras = machine.extras, extras.isRelaying(on: thread) { return .some(extras) }
      return machine.beginStep(orQueue: work) ? .some(nil) : .none
    }
    switch route {
    case .some(let extras?): perform(work, extras, reactor)
    case .some(nil): runStep(work, reactor)
    case .none: break
    }
  }

  // MARK: - The step

  /// The state, read by the thread that owns the step without the lock: only that thread writes
  /// it, and it took the step through the lock.
  @inlinable var ownerState: State {
    withUnsafeMutablePointerToHeader { $0.pointee.state! }
  }

  /// Performs `first`, then everything queued meanwhile, then ends the step.
  @usableFromInline func runStep<R: Reactor>(_ first: Work?, _ reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    var (isStarted, extras) = withLock { ($0.state != nil, $0.stepExtras()) }
    if !isStarted {
      start(reactor)
      extras = withLock { $0.stepExtras() }
    }
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
      if let extras { receiveSent(action, extras, reactor) } else { handle(action, nil, reactor) }
    case .mutation(let mutation, let scope):
      deliver(mutation, from: scope, extras, reactor)
    case .effectEnded(let scope):
      finishEffect(scope)
    default:
      performRare(work, extras, reactor)
    }
  }

  /// Records that an effect's task has returned, behind what it queued before.
  @usableFromInline func finishEffect(_ scope: EffectScope) {
    perform { $0.makeExtras().effects.finish(scope) }
  }

  /// The work that the plain path never queues.
  @usableFromInline func performRare<R: Reactor>(_ work: Work, _ extras: Extras?, _ reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    switch work {
    case .observedSend(let action, let around):
      around(true)
      receiveSent(action, withLock { $0.makeExtras() }, reactor)
      around(false)
    case .action(let action):
      handle(action, extras, reactor)
    case .transformedMutation(let mutation, let origin):
      apply(mutation, from: origin, extras, reactor)
    case .state(let state):
      let listeners = withLock { machine in
        machine.makeExtras().published = state
        return machine.listeners
      }
      publish(state, to: listeners)
    case .listen(let listener):
      if let replay = withLock({ $0.add(listener) }) { _ = listener.receive(replay) }
    case .replaceState(let state):
      let listeners = withLock { machine in
        machine.state = state
        if machine.extras?.pipeline?.states != nil { machine.extras?.published = state }
        return machine.listeners
      }
      publish(state, to: listeners)
    case .barrier(let body):
      body()
    case .send, .mutation, .effectEnded:
      perform(work, extras, reactor)
    }
  }

  /// An action as sent: stops the `take(until:)` work it matches, then goes through
  /// `transform(action:)` to `mutate`.
  ///
  /// The predicates see the action before the hook, as ReactorKit's `self.action` is the subject
  /// the view sends into: an action the hook drops still stops work.
  @usableFromInline func receiveSent<R: Reactor>(_ action: Action, _ extras: Extras, _ reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
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
    if let extras, !mayMutate(action, extras) { return }
    let mutations = reactor.mutate(action: action)
    if let first = mutations.first {
      deliver(first, from: nil, extras, reactor)
      if let second = mutations.second { deliver(second, from: nil, extras, reactor) }
    }
    if !mutations.rest.isNone { start(mutations.rest, for: action, extras, reactor) }
  }

  /// Reports an action to diagnostics; `false` when it must not reach `mutate`: stub mode, or
  /// the reactor has ended.
  @usableFromInline func mayMutate(_ action: Action, _ extras: Extras) -> Bool {
    let (hasEnded, diagnostics, stub) = withLock {
      ($0.effects.hasEnded, extras.diagnostics, extras.stub)
    }
    if hasEnded { return false }
    for diagnostic in diagnostics { diagnostic.report(.action(action)) }
    if let stub {
      stub(action)
      return false
    }
    return true
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
    guard let listeners = withLock({ $0.commit(newState, from: origin) }) else { return }
    if let extras {
      report(mutation, newState, extras)
      if let relay = extras.pipeline?.states {
        return handOver(extras) { relay.emit(newState, origin: nil) }
      }
    }
    publish(newState, to: listeners)
  }

  /// Tells diagnostics and the recorder of a reduced mutation and its state.
  @usableFromInline func report(_ mutation: Mutation, _ state: State, _ extras: Extras) {
    let diagnostics = withLock { _ in extras.diagnostics }
    for diagnostic in diagnostics {
      diagnostic.report(.mutation(mutation))
      diagnostic.report(.state(state))
    }
    extras.recorder?.mutationReduced(mutation)
  }

  /// Tells every listener of a new state, in order.
  @inlinable func publish(_ state: State, to listeners: Listeners<State>) {
    if !listeners.receive(state) { withLock { $0.dropFinishedConsumers() } }
  }

  /// Hands a value to a `transform` hook; what the hook delivers synchronously comes back
  /// through `route` on this thread and is performed at once, inside this step.
  @usableFromInline func handOver(_ extras: Extras, _ body: () -> Void) {
    let thread = ThreadIdentity.current
    withLock { _ in
      extras.relayingDepth += 1
      extras.relayingThread = thread
    }
    body()
    withLock { _ in extras.relayingDepth -= 1 }
  }

  /// Cancels the `take(until:)` work whose predicate matches `action`.
  func stopWork(matching action: Action) {
    let stops = withLock { $0.effects.stops }
    guard !stops.isEmpty else { return }
    // The predicates are user code: run them with the lock released.
    let matching = stops.filter { $0.matches(action) }.map(\.scope)
    guard !matching.isEmpty else { return }
    perform { machine in
      var followUp = FollowUp()
      for scope in matching { followUp += machine.makeExtras().effects.cancel(scope) }
      machine.updatePath()
      return followUp
    }
  }

  // MARK: - Starting

  /// Reads the initial state and connects the `transform` hooks; runs once, in the first step.
  func start<R: Reactor>(_ reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let initialState = reactor.initialState
    #if DEBUG
    precondition(
      reactor.runtime.storage === self,
      "\(R.self).runtime returns a new runtime on each read: declare it once, as the stored "
        + "property `let runtime = Runtime()`")
    #endif
    let pipeline = Pipeline.make(for: reactor)
    let (extras, diagnostics) = withLock {
      machine -> (Extras?, [ReactorDiagnostics<Action, Mutation, State>]) in
      machine.state = initialState
      let diagnostics = machine.extras?.diagnostics ?? []
      guard let pipeline else { return (nil, diagnostics) }
      let extras = machine.makeExtras()
      extras.pipeline = pipeline
      machine.updatePath()
      return (extras, diagnostics)
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
    if let states = pipeline.states {
      handOver(extras) { states.emit(initialState, origin: nil) }
    }
  }
}
