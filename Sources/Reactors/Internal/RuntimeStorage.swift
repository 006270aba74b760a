/// Owns a reactor's lock and runs its steps: `mutate`, `reduce`, observers, effects.
///
/// One allocation: the `RuntimeCore` value is the header of this `ManagedBuffer`, the recursive
/// mutex its tail. Every method takes the lock, asks the core what to do, calls the user's code,
/// and performs deferred side effects (cancelling tasks, resuming waiters) after the lock is
/// released.
///
/// The synchronous path (`send` → `mutate` → `.just` → `reduce` → observers) is `@inlinable` so it
/// is specialised for each reactor: no `Task`, no allocation, one lock round trip, and one test of
/// `core.extras` to skip everything optional.
///
/// > Important: the core is reached through a pointer and never held `inout` across a call into
/// > user code, because that code may re-enter the runtime (read `currentState`, `send`).
@usableFromInline
final class RuntimeStorage<Action: Sendable, Mutation: Sendable, State: Sendable>:
  ManagedBuffer<RuntimeCore<Action, Mutation, State>, PlatformMutex>
{
  // Thread safety: the header (`RuntimeCore`, and the `RuntimeExtras` it points to) is read and
  // written only while the recursive mutex in the tail is held, inside `withCore`; `deinit` runs
  // when no other reference exists. The type is shared across threads through `ReactorRuntime`,
  // which states that guarantee.

  @usableFromInline typealias Core = RuntimeCore<Action, Mutation, State>
  @usableFromInline typealias Extras = RuntimeExtras<Action, Mutation, State>

  /// Makes the storage of a new reactor.
  static func make(diagnostics: ReactorDiagnostics<Action, Mutation, State>?) -> RuntimeStorage {
    let buffer = create(minimumCapacity: 1) { _ in Core(diagnostics: diagnostics) }
    let storage = unsafeDowncast(buffer, to: RuntimeStorage.self)
    storage.withUnsafeMutablePointerToElements { $0.initializeMutex(recursive: true) }
    return storage
  }

  deinit {
    // The reactor is gone: cancel everything it started and end every consumer (R9).
    if let extras = withUnsafeMutablePointerToHeader({ $0.pointee.extras }) {
      extras.effects.cancelAll()
      let work = extras.effects.takeWork()
      let consumers = extras.consumers
      let idleWaiters = extras.idleWaiters.values
      extras.consumers = []
      extras.observers = []
      extras.idleWaiters = [:]
      work.perform()
      for consumer in consumers { consumer.finish() }
      extras.pipeline?.disconnect()
      for waiter in idleWaiters { waiter.resume() }
    }
    withUnsafeMutablePointerToElements { $0.destroyMutex() }
  }

  // MARK: - Locking

  /// Runs `body` with the lock held; performs deferred work once the outermost hold ends.
  @inlinable func withCore<Result>(_ body: (UnsafeMutablePointer<Core>) -> Result) -> Result {
    withUnsafeMutablePointers { core, mutex in
      mutex.lock()
      core.pointee.lockDepth += 1
      let result = body(core)
      core.pointee.lockDepth -= 1
      if core.pointee.lockDepth == 0, let extras = core.pointee.extras, extras.effects.hasWork {
        let work = extras.effects.takeWork()
        mutex.unlock()
        work.perform()
      } else {
        mutex.unlock()
      }
      return result
    }
  }

  // MARK: - The synchronous path

  @inlinable func send<R: Reactor>(_ action: Action, to reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    withCore { core in
      if _slowPath(!core.pointee.isStarted) { start(reactor, core) }
      if let relay = core.pointee.extras?.pipeline?.actions {
        relay.emit(action)  // `transform(action:)` reaches `process` through its subscription.
      } else {
        process(action, reactor, core)
      }
    }
  }

  @inlinable func currentState<R: Reactor>(of reactor: R) -> State
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    withCore { core in
      if _slowPath(!core.pointee.isStarted) { start(reactor, core) }
      return core.pointee.state!
    }
  }

  /// Runs `mutate` for an action and applies what it returns, unless a step is already running.
  @inlinable func process<R: Reactor>(
    _ action: Action, _ reactor: R, _ core: UnsafeMutablePointer<Core>
  ) where R.Action == Action, R.Mutation == Mutation, R.State == State {
    guard core.pointee.beginStep(orQueue: .action(action)) else { return }
    handle(action, reactor, core)
    endStep(reactor, core)
  }

  @inlinable func handle<R: Reactor>(
    _ action: Action, _ reactor: R, _ core: UnsafeMutablePointer<Core>
  ) where R.Action == Action, R.Mutation == Mutation, R.State == State {
    if let extras = core.pointee.extras {
      guard prepare(action, extras) else { return }
    }
    let mutations = reactor.mutate(action: action)
    if let first = mutations.first {
      deliver(first, reactor, core)
      if let second = mutations.second { deliver(second, reactor, core) }
    } else if let tree = mutations.tree {
      start(tree, action: action, reactor, core)
    }
  }

  /// Hands a mutation to `transform(mutation:)` or straight to `reduce`.
  @inlinable func deliver<R: Reactor>(
    _ mutation: Mutation, _ reactor: R, _ core: UnsafeMutablePointer<Core>
  ) where R.Action == Action, R.Mutation == Mutation, R.State == State {
    if let relay = core.pointee.extras?.pipeline?.mutations {
      relay.emit(mutation)
    } else {
      apply(mutation, reactor, core)
    }
  }

  /// Reduces one mutation and publishes the new state.
  @inlinable func apply<R: Reactor>(
    _ mutation: Mutation, _ reactor: R, _ core: UnsafeMutablePointer<Core>
  ) where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let newState = reactor.reduce(state: core.pointee.state!, mutation: mutation)
    core.pointee.state = newState
    if let extras = core.pointee.extras {
      extras.hooks?.report(mutation, newState)
      if let relay = extras.pipeline?.states {
        relay.emit(newState)
        return
      }
    }
    publish(newState, core)
  }

  /// Hands a state to every observer and consumer, in order.
  @inlinable func publish(_ state: State, _ core: UnsafeMutablePointer<Core>) {
    if let observer = core.pointee.observer { observer.receive(state) }
    if let extras = core.pointee.extras { publish(state, to: extras) }
  }

  /// Runs the work that queued up during the step, then ends the step.
  @inlinable func endStep<R: Reactor>(_ reactor: R, _ core: UnsafeMutablePointer<Core>)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    if let extras = core.pointee.extras, extras.hasPendingWork {
      drainPending(extras, reactor, core)
    }
    core.pointee.isProcessing = false
  }

  // MARK: - Slower paths, shared by all reactors

  /// Runs `body` as a step, or as part of the step this thread is already running.
  @inlinable func asStep<R: Reactor>(
    _ reactor: R, _ core: UnsafeMutablePointer<Core>, _ body: () -> Void
  )
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    if core.pointee.isProcessing {
      body()
    } else {
      core.pointee.isProcessing = true
      body()
      endStep(reactor, core)
    }
  }

  /// Stops matching `take(until:)` work, reports the action, and handles stub mode.
  ///
  /// - Returns: `false` when `mutate` must not run (stub mode).
  @inlinable func prepare(_ action: Action, _ extras: Extras) -> Bool {
    if extras.effects.hasStopConditions {
      // The predicates are user code: run them before touching the registry.
      let matching = extras.effects.stopConditions.filter { $0.matches(action) }.map(\.scope)
      for scope in matching { extras.effects.cancel(scope) }
    }
    guard let hooks = extras.hooks else { return true }
    hooks.report(.action(action))
    if let stub = hooks.stub {
      stub(action)
      return false
    }
    return true
  }

  @inlinable func publish(_ state: State, to extras: Extras) {
    let observers = extras.observers
    for observer in observers { observer.receive(state) }
    guard !extras.consumers.isEmpty else { return }
    var someFinished = false
    for consumer in extras.consumers where !consumer.push(state) {
      someFinished = true
    }
    if someFinished { extras.consumers.removeAll { $0.isFinished } }
  }

  @inlinable func drainPending<R: Reactor>(
    _ extras: Extras, _ reactor: R, _ core: UnsafeMutablePointer<Core>
  ) where R.Action == Action, R.Mutation == Mutation, R.State == State {
    while let work = extras.nextPendingWork() {
      switch work {
      case .action(let action):
        handle(action, reactor, core)
      case .mutation(let mutation, let scope):
        // Re-checked: the effect may have been cancelled while its mutation waited (R7).
        if scope?.isActive ?? true { deliver(mutation, reactor, core) }
      }
    }
  }

  /// Reads the initial state and connects the `transform` hooks; runs once, on first use.
  @usableFromInline func start<R: Reactor>(_ reactor: R, _ core: UnsafeMutablePointer<Core>)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    core.pointee.state = reactor.initialState
    guard let pipeline = Pipeline.make(for: reactor) else { return }
    core.pointee.makeExtras().pipeline = pipeline
    // Values prepended by the hooks queue up behind this step and run once it is set up.
    core.pointee.isProcessing = true
    pipeline.connect(
      actions: { [weak reactor] action in reactor?.runtime.storage.receive(action, reactor) },
      mutations: { [weak reactor] mutation in reactor?.runtime.storage.receive(mutation, reactor) },
      states: { [weak reactor] state in reactor?.runtime.storage.receive(state, reactor) }
    )
    if let states = pipeline.states { states.emit(core.pointee.state!) }
    endStep(reactor, core)
  }

  /// An action coming out of `transform(action:)`.
  func receive<R: Reactor>(_ action: Action, _ reactor: R?)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    guard let reactor else { return }
    withCore { core in process(action, reactor, core) }
  }

  /// A mutation coming out of `transform(mutation:)`: synchronously from `deliver`, or from the
  /// hooks' own tasks (merged sequences, timers).
  func receive<R: Reactor>(_ mutation: Mutation, _ reactor: R?)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    guard let reactor else { return }
    // Synchronously from `deliver`, this is already inside the step of this thread.
    withCore { core in asStep(reactor, core) { apply(mutation, reactor, core) } }
  }

  /// A state coming out of `transform(state:)`.
  func receive<R: Reactor>(_ state: State, _ reactor: R?)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    guard let reactor else { return }
    withCore { core in
      core.pointee.makeExtras().published = state
      asStep(reactor, core) { publish(state, core) }
    }
  }
}

extension RuntimeHooks {
  @usableFromInline func report(_ mutation: Mutation, _ state: State) {
    report(.mutation(mutation))
    report(.state(state))
  }
}
