/// The interpreter of `Mutations`: one walk performs a tree's immediate part and returns what must
/// wait (`Pending`), from `mutate`'s step or from an effect's task, which runs the rest with it.
extension RuntimeStorage {
  /// Starts what `mutate` returned beyond its inline immediate mutations; its tasks start on the
  /// executor of `isolation`, the actor the action was sent from (`nil`: the global executor).
  @inlinable func start<R: Reactor>(
    _ tree: MutationNode<Mutation>, for action: Action, _ extras: Extras?, _ reactor: R,
    on isolation: (any Actor)?
  ) where R.Action == Action, R.Mutation == Mutation, R.State == State {
    // A `.latest` run with nothing to do now waits in its id's slot, registered in one hold.
    if case .scoped(.cancellable(let key, .latest), let inner) = tree, let work = deferred(inner) {
      return scheduleLatest(work, id: id(of: key, for: action), for: action, reactor, on: isolation)
    }
    guard let pending = advance(tree, in: nil, for: action, reactor, inStep: true, extras)
    else { return }
    spawn(pending, for: action, extras, reactor, on: isolation)
  }

  /// The work of `node` if it has no immediate part: a `run`, or a delay (its deadline fixed now).
  @inlinable func deferred(_ node: MutationNode<Mutation>) -> Pending<Mutation>? {
    switch node {
    case .run(let operation): .run(operation)
    case .delayed(let delay, let inner): .wait(delay.begin(), then: inner)
    default: nil
    }
  }

  /// Performs `node`'s immediate part, returning what must wait: delivers mutations (in `mutate`'s
  /// step if `inStep`, with `extras`; else via `emit`), registers scopes, fixes deadlines.
  @inlinable func advance<R: Reactor>(
    _ node: MutationNode<Mutation>, in scope: EffectScope?, for action: Action, _ reactor: R,
    inStep: Bool, _ extras: Extras? = nil
  ) -> Pending<Mutation>? where R.Action == Action, R.Mutation == Mutation, R.State == State {
    switch node {
    case .none: return nil
    case .just(let mutation):
      // In the step, a scope cancelled meanwhile drops the state when it is committed.
      if inStep {
        deliver(mutation, from: scope, extras, reactor)
      } else {
        emit(mutation, in: scope, reactor)
      }
      return nil
    case .concat(let parts):
      for index in parts.indices {
        let pending = advance(parts[index], in: scope, for: action, reactor, inStep: inStep, extras)
        guard let pending else { continue }
        let rest = parts[(index + 1)...]
        return rest.isEmpty ? pending : .sequence(pending, then: rest)
      }
      return nil
    case .merge(let parts):
      let pending = parts.compactMap {
        advance($0, in: scope, for: action, reactor, inStep: inStep, extras)
      }
      return pending.count > 1 ? .parallel(pending) : pending.first
    case .run, .delayed: return deferred(node)
    case .scoped(let specification, let inner):
      switch register(specification, parent: scope, action: action, reactor) {
      case .skip: return nil
      case .wait(let registered): return .queued(registered, inner)
      case .hold(let registered, let wait): return .scoped(registered, .wait(wait, then: inner))
      case .start(let registered):
        let pending = advance(inner, in: registered, for: action, reactor, inStep: inStep, extras)
        if let pending { return .scoped(registered, pending) }
        withLock { $0.makeExtras().effects.finish(registered) }.perform()
        return nil
      }
    case .cancel(let id):
      cancel { $0.cancel(id: id) }
      return nil
    }
  }

  /// Registers scoped work under its specification's rules, in a scope that is its task's context.
  @inlinable func register<R: Reactor>(
    _ specification: ScopeSpecification, parent: EffectScope?, action: Action, _ reactor: R
  ) -> EffectTable.Registration where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let rule = rule(for: specification, action: action)
    let register = { (machine: inout Machine) in
      machine.makeExtras().effects.register(rule, parent: parent) {
        EffectContext(reactor: reactor, action: action, parent: $0, id: $1)
      }
    }
    let changesPath = if case .stop(_?) = rule { true } else { false }
    let (registration, followUp) = changesPath ? updatePath(register) : withLock(register)
    followUp.perform()
    return registration
  }

  /// The rule a specification from `mutate` stands for; a throttle reads its clock here, unlocked.
  @usableFromInline func rule(
    for specification: ScopeSpecification, action: Action
  ) -> EffectTable.Rule {
    switch specification {
    case .takeUntil(let predicate):
      guard let predicate = predicate as? ActionPredicate<Action> else {
        report(ActionPredicateMismatch(actionType: Action.self))
        return .stop(nil)
      }
      return .stop { ($0 as? Action).map(predicate.matches) ?? false }
    case .cancellable(let key, let policy): return .cancellable(id(of: key, for: action), policy)
    case .throttle(let throttle): return .throttled(throttle.id, throttle.arrive())
    }
  }

  /// A key's id, computed before locking: reading an action's case name may run its `customMirror`.
  @usableFromInline func id(of key: EffectKey, for action: Action) -> EffectID {
    switch key {
    case .id(let id): id
    case .actionCase: EffectID(caseOf: action)
    }
  }

  // MARK: - Tasks

  /// Starts the tasks of work left over by a step, on `isolation`'s executor.
  @inlinable func spawn<R: Reactor>(
    _ pending: Pending<Mutation>, for action: Action, _ extras: Extras?, _ reactor: R,
    on isolation: (any Actor)?
  ) where R.Action == Action, R.Mutation == Mutation, R.State == State {
    switch pending {
    case .parallel(let parts):
      // Parts of a top-level merge are unrelated: each gets its own task.
      for part in parts { spawn(part, for: action, extras, reactor, on: isolation) }
    case .scoped(let scope, let inner): launch(inner, in: EffectContext<R>.of(scope), on: isolation)
    case .queued(let scope, _): launch(pending, in: EffectContext<R>.of(scope), on: isolation)
    default:
      // The task starts before its scope is registered: this step owns the reactor until it ends,
      // so what the task sends and its end wait in the step's queue; one hold then registers both.
      let context = EffectContext(reactor: reactor, action: action, parent: nil)
      // Without extras the step is plain, and no tracker counts tasks (`RuntimeExtras.isPlain`).
      let task = makeTask(
        pending, in: context, count: extras == nil ? .untracked : trackTask(), on: isolation)
      withLock { $0.makeExtras().effects.registerPlain(context, task: task) }.perform()
    }
  }

  /// Leaves `work` in the slot of `id`'s `.latest` runs, in one hold, and starts the slot's task
  /// if it has none waiting: a burst of sends starts one task, which runs the newest work.
  @inlinable func scheduleLatest<R: Reactor>(
    _ work: Pending<Mutation>, id: EffectID, for action: Action, _ reactor: R,
    on isolation: (any Actor)?
  ) where R.Action == Action, R.Mutation == Mutation, R.State == State {
    // The run it replaces holds the user's closures and action: released once the lock is.
    var replaced: (Pending<Mutation>?, Action?) = (nil, nil)
    let (slot, count, followUp) = withLock { machine -> (LatestRun<R>?, TaskCount, FollowUp) in
      guard
        let (slot, isNew, followUp) = machine.makeExtras().effects.registerLatest(
          id: id, newSlot: LatestRun<R>.init)
      else { return (nil, .untracked, FollowUp()) }  // Ended: it never starts.
      let run = unsafeDowncast(slot, to: LatestRun<R>.self)
      replaced = run.replace(with: work, for: action)
      return isNew ? (run, machine.countTask(), followUp) : (nil, .untracked, followUp)
    }
    followUp.perform()
    _ = replaced
    guard let slot else { return }  // A task waiting to start takes the work.
    let start = (slot, WeakReactor(reactor), count)
    let task = IsolatedTask.start(on: isolation, priority: work.priority, start) { _, start in
      let (slot, reactor, count) = start
      // One turn for the sender first, and another while a burst keeps replacing the run (up to
      // `LatestSlot.turns`): a burst starts few runs, a lone send's run starts after one turn.
      var seen = 1
      for turn in 1...LatestSlot.turns {
        await Task.yield()
        // Taken in a statement of its own: the reactor is not held while the run awaits.
        let found = reactor.reactor.map {
          $0.runtime.storage.take(
            slot, $0, unlessReplacedSince: turn < LatestSlot.turns ? seen : nil)
        }
        switch found {
        case .waitAfter(let replacements)?: seen = replacements
        case .taken(let context, let work)?: return await context.run(work, as: count)
        case .cancelled?, nil: return count.taskEnded()  // Cancelled: the run never starts.
        }
      }
    }
    withLock { $0.makeExtras().effects.attach(task, to: slot) }.perform()
  }

  /// The newest run left in `slot`, taken by its task in a scope made now, unless more runs than
  /// `seen` were left there by then.
  @inlinable func take<R: Reactor>(
    _ slot: LatestRun<R>, _ reactor: R?, unlessReplacedSince seen: Int?
  ) -> LatestTake<R> where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let (taken, followUp) = withLock { machine -> (LatestTake<R>, FollowUp) in
      if let seen, slot.replacements != seen, slot.action != nil {
        return (.waitAfter(slot.replacements), FollowUp())
      }
      let (scope, followUp) = machine.makeExtras().effects.take(slot) { parent, id in
        // An open slot always holds a run: a cancel closes the slot as it drops the run.
        guard let action = slot.action else {
          preconditionFailure("Internal inconsistency: an open .latest slot without its run")
        }
        return EffectContext(reactor: reactor, action: action, parent: parent, id: id)
      }
      guard let scope, let work = slot.work else { return (.cancelled, followUp) }
      (slot.work, slot.action) = (nil, nil)
      return (.taken(EffectContext<R>.of(scope), work), followUp)
    }
    followUp.perform()
    return taken
  }

  /// Starts the task that runs `work` in `context`'s registered scope, on `isolation`'s executor.
  @discardableResult @inlinable func launch<R: Reactor>(
    _ work: Pending<Mutation>, in context: EffectContext<R>, on isolation: (any Actor)?
  ) -> Task<Void, Never> where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let task = makeTask(work, in: context, count: trackTask(), on: isolation)
    withLock { $0.makeExtras().effects.attach(task, to: context) }.perform()
    return task
  }

  /// A task that runs `work` in `context`'s scope, counted by `count`'s tracker if there is one,
  /// on `isolation`'s executor: the work's synchronous parts run there until it awaits elsewhere.
  @inlinable func makeTask<R: Reactor>(
    _ work: Pending<Mutation>, in context: EffectContext<R>, count: TaskCount,
    on isolation: (any Actor)?
  ) -> Task<Void, Never> where R.Action == Action, R.Mutation == Mutation, R.State == State {
    IsolatedTask.start(on: isolation, priority: work.priority, (context, work, count)) { _, task in
      let (context, work, count) = task
      await context.run(work, as: count)
    }
  }

  /// Counts a task about to start, if a leak check or test store installed a tracker.
  @usableFromInline func trackTask() -> TaskCount { withLock { $0.countTask() } }

  // MARK: - What tasks call

  /// Applies a mutation an effect sent from `isolation`, unless its scope was cancelled or has
  /// finished: in a step on this thread if none is running, or else by the step's owner.
  @inlinable func emit<R: Reactor>(
    _ mutation: Mutation, in scope: EffectScope?, _ reactor: R,
    from isolation: (any Actor)? = nil
  ) where R.Action == Action, R.Mutation == Mutation, R.State == State {
    guard let scope else {
      preconditionFailure("Internal inconsistency: a task's mutation outside any scope")
    }
    #if !canImport(Darwin)
    // A free, plain step is taken without the lock, and the scope's flags are atomic: read after
    // taking the step, they drop a mutation of a scope cancelled or finished before it reaches
    // `reduce` (R7); a cancel that comes later is caught by the commit, under the lock.
    if step.takeFree() {
      noteStepIsolation(isolation)
      if scope.isActive { deliver(mutation, from: scope, nil, reactor) }
      return endStep(reactor)
    }
    #endif
    // Through the lock: a cancelled or finished scope is dropped before `reduce` (R7).
    enterLocked(.mutation(mutation, scope), reactor, from: scope, on: isolation)
  }

  /// An effect's task returned: its scope ends, behind the mutations a running step may still hold.
  @inlinable func end(_ scope: EffectScope) {
    withLock { machine in
      guard claimStep(flagging: StepLock.queued, takingIt: false) else {
        _ = machine.enqueue(.effectEnded(scope))
        return FollowUp()
      }
      return machine.makeExtras().effects.finish(scope)
    }.perform()
  }

  /// Cancels what `cancel` picks in the table, and updates the path: a stop condition may go.
  @usableFromInline func cancel(_ pick: (inout EffectTable) -> FollowUp) {
    updatePath { pick(&$0.makeExtras().effects) }.perform()
  }

  @usableFromInline func isActive(_ scope: EffectScope) -> Bool { withLock { _ in scope.isActive } }

  /// Hands an effect's error to diagnostics, outside the lock: they are user code.
  @usableFromInline func report(_ error: any Error) {
    let diagnostics = withLock { $0.extras?.diagnostics ?? [] }
    for diagnostic in diagnostics { diagnostic.report(.effectFailed(error)) }
  }

  /// Resumes `continuation` with whether a `.queue` scope runs: now, or at its turn or cancel.
  @usableFromInline func awaitTurn(
    of scope: EffectScope, _ continuation: UnsafeContinuation<Bool, Never>
  ) {
    if let decision = withLock({ $0.makeExtras().effects.awaitTurn(of: scope, continuation) }) {
      continuation.resume(returning: decision)
    }
  }

  /// Returns once no effect is running, or as soon as the calling task is cancelled.
  func waitUntilIdle() async {
    // An id of its own, so that cancelling this wait removes exactly its continuation.
    let id = idleWaitCount.withLock { count in
      count += 1
      return count
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let waits = withLock { machine in
          !Task.isCancelled && machine.makeExtras().effects.addIdleWaiter(id, continuation)
        }
        if !waits { continuation.resume() }
      }
    } onCancel: { [runtime = ReactorRuntime(storage: self)] in
      // Strong, like the caller's own reference: whoever awaits this holds the reactor anyway.
      runtime.storage.withLock { $0.makeExtras().effects.removeIdleWaiter(id) }?.resume()
    }
  }

  var runningEffectCount: Int { withLock { $0.effects.runningCount } }
}

/// How many `waitUntilIdle()` calls there have been: the last one's id.
private let idleWaitCount = Locked<UInt64>.make(0)

/// Reported when `take(until:)` gets a predicate over another action type than the reactor's.
struct ActionPredicateMismatch: Error, CustomStringConvertible {
  let actionType: Any.Type
  var description: String {
    "take(until:) was given a predicate that does not test \(actionType); it never matches"
  }
}
