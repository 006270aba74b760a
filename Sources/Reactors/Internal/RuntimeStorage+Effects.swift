/// The interpreter of `Mutations`: one walk of the tree performs its immediate part and returns
/// what must wait (`Pending`), whether it is called from `mutate`'s step or from an effect's task;
/// the tasks run the rest with the same walk.
extension RuntimeStorage {
  /// Starts what `mutate` returned beyond its inline immediate mutations.
  @inlinable func start<R: Reactor>(
    _ tree: MutationNode<Mutation>, for action: Action, _ extras: Extras?, _ reactor: R
  ) where R.Action == Action, R.Mutation == Mutation, R.State == State {
    guard let pending = advance(tree, in: nil, for: action, .inline(extras, reactor)) else {
      return
    }
    spawn(pending, for: action, extras, reactor)
  }

  /// Performs the immediate part of `node` — delivers mutations, registers scopes, fixes delay
  /// deadlines — and returns what must wait, if anything.
  ///
  /// - Parameter delivery: How mutations are applied: inline in the step that called `mutate`,
  ///   or through `emit` from a task.
  @inlinable func advance<R: Reactor>(
    _ node: MutationNode<Mutation>, in scope: EffectScope?, for action: Action,
    _ delivery: Delivery<R>
  ) -> Pending<Mutation>?
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    switch node {
    case .none:
      return nil
    case .just(let mutation):
      switch delivery {
      case .inline(let extras, let reactor):
        // A scope cancelled meanwhile drops the state when it is committed.
        deliver(mutation, from: scope, extras, reactor)
      case .emit(let reactor):
        emit(mutation, in: scope, reactor)
      }
      return nil
    case .concat(let parts):
      for index in parts.indices {
        guard let pending = advance(parts[index], in: scope, for: action, delivery)
        else { continue }
        // The rest of the sequence waits for this part.
        let rest = parts[(index + 1)...]
        return rest.isEmpty ? pending : .sequence(pending, then: rest)
      }
      return nil
    case .merge(let parts):
      let pending = parts.compactMap { advance($0, in: scope, for: action, delivery) }
      return pending.count > 1 ? .parallel(pending) : pending.first
    case .run(let operation):
      return .run(operation)
    case .scoped(let specification, let inner):
      switch register(specification, parent: scope, action: action, delivery.reactor) {
      case .skip:
        return nil
      case .wait(let registered):
        return .queued(registered, inner)
      case .start(let registered):
        if let pending = advance(inner, in: registered, for: action, delivery) {
          return .scoped(registered, pending)
        }
        perform { $0.makeExtras().effects.finish(registered) }
        return nil
      }
    case .cancel(let id):
      cancel { $0.cancel(id: id) }
      return nil
    case .delayed(let delay, let inner):
      return .wait(delay.begin(), then: inner)
    case .throttled(let throttle, let inner):
      return throttled(inner, by: throttle, in: scope, for: action, delivery)
    }
  }

  /// Registers a throttled run under its id: it starts now, waits in its scope for the end of
  /// the interval, or is dropped.
  @usableFromInline func throttled<R: Reactor>(
    _ inner: MutationNode<Mutation>, by throttle: Throttle, in scope: EffectScope?,
    for action: Action, _ delivery: Delivery<R>
  ) -> Pending<Mutation>?
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let arrival = throttle.arrive()  // Reads the clock before locking.
    let reactor = delivery.reactor
    let registration = update { machine in
      machine.makeExtras().effects.registerThrottled(arrival, id: throttle.id, parent: scope) {
        EffectContext(reactor: reactor, action: action, parent: $0, id: $1, isLatest: $2)
      }
    }
    switch registration {
    case .skip:
      return nil
    case .hold(let registered, let wait):
      return .scoped(registered, .wait(wait, then: inner))
    case .start(let registered):
      if let pending = advance(inner, in: registered, for: action, delivery) {
        return .scoped(registered, pending)
      }
      perform { $0.makeExtras().effects.finish(registered) }
      return nil
    }
  }

  /// Registers scoped work under the rules of its specification, in a scope that is the context
  /// of the task that will run it.
  @inlinable func register<R: Reactor>(
    _ specification: ScopeSpecification, parent: EffectScope?, action: Action, _ reactor: R
  ) -> EffectTable.Registration
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let rule = rule(for: specification, action: action)
    let register = { (machine: inout Machine) in
      machine.makeExtras().effects.register(rule, parent: parent) {
        EffectContext(reactor: reactor, action: action, parent: $0, id: $1, isLatest: $2)
      }
    }
    // Only a stop condition changes the path.
    let (registration, followUp) = rule.isStop ? updatePath(register) : withLock(register)
    followUp.perform()
    return registration
  }

  /// The rule a specification written in `mutate` stands for.
  @usableFromInline func rule(
    for specification: ScopeSpecification, action: Action
  )
    -> EffectTable.Rule
  {
    switch specification {
    case .takeUntil(let predicate):
      guard let predicate = predicate as? ActionPredicate<Action> else {
        report(ActionPredicateMismatch(actionType: Action.self))
        return .stop(nil)
      }
      return .stop { ($0 as? Action).map(predicate.matches) ?? false }
    case .cancellable(.id(let id), let policy):
      return .cancellable(id, policy)
    case .cancellable(.actionCase, let policy):
      // Computed before locking: reading the case name may run the action's `customMirror`.
      return .cancellable(EffectID(caseOf: action), policy)
    }
  }

  // MARK: - Tasks

  /// Starts the tasks of work left over by a step.
  @inlinable func spawn<R: Reactor>(
    _ pending: Pending<Mutation>, for action: Action, _ extras: Extras?, _ reactor: R
  ) where R.Action == Action, R.Mutation == Mutation, R.State == State {
    switch pending {
    case .parallel(let parts):
      // Parts of a top-level merge are unrelated: each gets its own task.
      for part in parts { spawn(part, for: action, extras, reactor) }
    case .scoped(let scope, let inner) where scope.isLatest:
      let slot = update { machine -> (TypedLatestSlot<Mutation>?, FollowUp) in
        let extras = machine.makeExtras()
        guard
          var (slot, isNew, followUp) = extras.effects.schedule(
            in: scope, newSlot: TypedLatestSlot<Mutation>.init)
        else {
          return (nil, extras.effects.finish(inner, in: scope))  // Cancelled: it never starts.
        }
        let typed = unsafeDowncast(slot, to: TypedLatestSlot<Mutation>.self)
        // The superseded work holds the user's closures: released once the lock is.
        if let superseded = typed.work { followUp.released.append(superseded) }
        typed.work = inner
        return (isNew ? typed : nil, followUp)
      }
      guard let slot else { return }  // A task waiting to start takes the work.
      let count = trackTask()
      let task = Task(priority: inner.priority) { [weak reactor] in
        func runNewestWork() async {
          // One turn for the sender first: a burst of sends replaces the work meanwhile.
          await Task.yield()
          // The newest work left in the slot by the time the task starts.
          let taken = reactor?.runtime.storage.update {
            machine -> ((EffectScope, Pending<Mutation>)?, FollowUp) in
            let effects = machine.makeExtras()
            guard let scope = effects.effects.take(slot), let work = slot.work else {
              return (nil, FollowUp())
            }
            slot.work = nil
            // Cancelled while it waited here (an explicit cancel): it never starts, and its
            // closures are released once the lock is.
            if !scope.isActive {
              var followUp = effects.effects.finish(work, in: scope)
              followUp.released.append(work)
              return (nil, followUp)
            }
            return ((scope, work), FollowUp())
          }
          if let (scope, work) = taken {
            await EffectContext<R>.of(scope).run(work)
          }
        }
        if count.isTracked {
          await count.run(for: action, runNewestWork)
        } else {
          await runNewestWork()
        }
        count.taskEnded()
      }
      perform { $0.makeExtras().effects.attach(task, to: slot) }
    case .scoped(let scope, let inner):
      launch(inner, in: EffectContext<R>.of(scope))
    case .queued(let scope, _):
      launch(pending, in: EffectContext<R>.of(scope))
    default:
      // The task starts before its scope is registered: this step owns the reactor until it
      // ends, so whatever the task sends, and its end, wait in the step's queue until then.
      // Registering and keeping the task's handle then take one lock hold instead of two.
      let context = EffectContext(reactor: reactor, action: action, parent: nil)
      // Without extras the step is plain, and no tracker counts tasks (`RuntimeExtras.isPlain`).
      let task = makeTask(pending, in: context, count: extras == nil ? .untracked : trackTask())
      perform { $0.makeExtras().effects.registerPlain(context, task: task) }
    }
  }

  /// Starts the task that runs `work` in `context`'s scope, registered already.
  @discardableResult
  @inlinable func launch<R: Reactor>(
    _ work: Pending<Mutation>, in context: EffectContext<R>
  ) -> Task<Void, Never>
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let task = makeTask(work, in: context, count: trackTask())
    perform { $0.makeExtras().effects.attach(task, to: context) }
    return task
  }

  /// A task that runs `work` in `context`'s scope, counted by `count`'s tracker if there is one.
  @inlinable func makeTask<R: Reactor>(
    _ work: Pending<Mutation>, in context: EffectContext<R>, count: TaskCount
  ) -> Task<Void, Never>
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    Task(priority: work.priority) {
      if count.isTracked {
        await count.run(for: context.action) { await context.run(work) }
      } else {
        await context.run(work)
      }
      count.taskEnded()
    }
  }

  /// Counts a task about to start, if a leak check or test store installed a tracker.
  @usableFromInline func trackTask() -> TaskCount {
    withLock { $0.countTask() }
  }

  // MARK: - What tasks call

  /// How the interpreter applies immediate mutations.
  @usableFromInline enum Delivery<R: Reactor> {
    /// Inside the step that called `mutate`, with its extras.
    case inline(Extras?, R)
    /// From an effect's task.
    case emit(R)

    @inlinable var reactor: R {
      switch self {
      case .inline(_, let reactor), .emit(let reactor): reactor
      }
    }
  }

  /// Applies a mutation sent by an effect, unless its scope was cancelled or has finished.
  ///
  /// Runs the step on the effect's thread if none is running; otherwise leaves the mutation to
  /// the step's owner and returns at once.
  @inlinable func emit<R: Reactor>(_ mutation: Mutation, in scope: EffectScope?, _ reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    guard let scope else {
      preconditionFailure("Internal inconsistency: a task's mutation outside any scope")
    }
    // Through the lock: a cancelled or finished scope is dropped before `reduce` (R7).
    enterLocked(.mutation(mutation, scope), reactor, from: scope)
  }

  /// Records that an effect's task has returned; a running step may still hold mutations it
  /// sent, so its scope then ends behind them, in the step's queue.
  @usableFromInline func end(_ scope: EffectScope) {
    perform { machine in
      guard case .free = claimStep(flagging: StepLock.queued, takingIt: false) else {
        machine.enqueue(.effectEnded(scope))
        return FollowUp()
      }
      return machine.makeExtras().effects.finish(scope)
    }
  }

  /// Cancels what `cancel` picks in the table, and updates the path: a stop condition may go.
  @usableFromInline func cancel(_ pick: (inout EffectTable) -> FollowUp) {
    updatePath { pick(&$0.makeExtras().effects) }.perform()
  }

  @usableFromInline func isActive(_ scope: EffectScope) -> Bool {
    withLock { _ in scope.isActive }
  }

  /// Hands an effect's error to diagnostics, outside the lock: they are user code.
  @usableFromInline func report(_ error: any Error) {
    let diagnostics = withLock { $0.extras?.diagnostics ?? [] }
    for diagnostic in diagnostics { diagnostic.report(.effectFailed(error)) }
  }

  /// Decides at once whether a `.queue` scope may run, or keeps `continuation` to resume when its
  /// turn comes (`true`) or when it is cancelled (`false`).
  @usableFromInline func awaitTurn(
    of scope: EffectScope, _ continuation: UnsafeContinuation<Bool, Never>
  ) {
    if let decision = withLock({ $0.makeExtras().effects.awaitTurn(of: scope, continuation) }) {
      continuation.resume(returning: decision)
    }
  }

  /// Returns once no effect is running, or as soon as the calling task is cancelled.
  func waitUntilIdle() async {
    let id = IdleWaitID.next()
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

  var runningEffectCount: Int {
    withLock { $0.effects.running.count }
  }
}

/// Identifies one `waitUntilIdle()` call, so that cancelling it removes exactly its continuation.
enum IdleWaitID {
  private static let counter = Locked<UInt64>.make(0)

  static func next() -> UInt64 {
    counter.withLock {
      $0 += 1
      return $0
    }
  }
}

/// Reported when `take(until:)` gets a predicate over another action type than the reactor's.
struct ActionPredicateMismatch: Error, CustomStringConvertible {
  let actionType: Any.Type

  var description: String {
    "take(until:) was given a predicate that does not test \(actionType); it never matches"
  }
}
