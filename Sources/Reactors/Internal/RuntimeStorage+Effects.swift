extension RuntimeStorage {
  /// Starts everything but inline immediate mutations: applies what can be applied now and
  /// spawns tasks for the rest.
  @inlinable func start<R: Reactor>(
    _ tree: MutationTree<Mutation>, action: Action, _ reactor: R, _ core: UnsafeMutablePointer<Core>
  ) where R.Action == Action, R.Mutation == Mutation, R.State == State {
    if let later = startNow(tree.node, in: nil, action: action, reactor, core) {
      spawn(later, action: action, reactor, core)
    }
  }

  /// The synchronous part of a tree: runs immediate mutations and registers scopes now, fixes
  /// delay deadlines, and returns what needs a task.
  @inlinable func startNow<R: Reactor>(
    _ node: MutationNode<Mutation>, in scope: EffectScope?, action: Action, _ reactor: R,
    _ core: UnsafeMutablePointer<Core>
  ) -> MutationNode<Mutation>?
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    switch node {
    case .none:
      return nil
    case .just(let mutation):
      if scope?.isActive ?? true { deliver(mutation, reactor, core) }
      return nil
    case .concat(let parts):
      for index in parts.indices {
        guard let rest = startNow(parts[index], in: scope, action: action, reactor, core) else {
          continue
        }
        // The rest of the sequence waits for this part: it all continues in one task.
        let remaining = parts[(index + 1)...]
        return remaining.isEmpty ? rest : .concat([rest] + remaining)
      }
      return nil
    case .merge(let parts):
      let later = parts.compactMap { startNow($0, in: scope, action: action, reactor, core) }
      switch later.count {
      case 0: return nil
      case 1: return later[0]
      default: return .merge(later)
      }
    case .run:
      return node
    case .scoped(let specification, let inner):
      switch register(specification, parent: scope, action: action, core) {
      case .skip:
        return nil
      case .wait(let registered):
        return .queued(registered, inner)
      case .start(let registered):
        if let rest = startNow(inner, in: registered, action: action, reactor, core) {
          return .active(registered, rest)
        }
        core.pointee.extras?.effects.finish(registered)
        return nil
      }
    case .cancel(let id):
      core.pointee.extras?.effects.cancel(id: id)
      return nil
    case .delayed(let delay, let inner):
      return .waiting(delay.begin(), inner)
    case .active, .queued, .waiting:
      preconditionFailure("Internal inconsistency: a registered scope in a new mutation tree")
    }
  }

  /// Registers scoped work under the rules of its specification.
  @inlinable func register(
    _ specification: ScopeSpecification, parent: EffectScope?, action: Action,
    _ core: UnsafeMutablePointer<Core>
  ) -> EffectRegistry<Action>.Registration {
    let extras = core.pointee.makeExtras()
    switch specification {
    case .takeUntil(let predicate):
      guard let predicate = predicate as? ActionPredicate<Action> else {
        extras.hooks?.report(.effectFailed(ActionPredicateMismatch(actionType: Action.self)))
        return .start(extras.effects.registerPlain(parent: parent))
      }
      return .start(extras.effects.registerStop(parent: parent, matches: predicate.matches))
    case .cancellable(.id(let id), let policy):
      return extras.effects.registerCancellable(id: id, policy: policy, parent: parent)
    case .cancellable(.actionCase, let policy):
      let id = EffectID(caseOf: action)
      return extras.effects.registerCancellable(id: id, policy: policy, parent: parent)
    }
  }

  /// Starts the tasks for what `startNow` left over.
  @inlinable func spawn<R: Reactor>(
    _ later: MutationNode<Mutation>, action: Action, _ reactor: R,
    _ core: UnsafeMutablePointer<Core>
  ) where R.Action == Action, R.Mutation == Mutation, R.State == State {
    switch later {
    case .merge(let parts):
      // Parts of a top-level merge are unrelated: each gets its own task.
      for part in parts { spawn(part, action: action, reactor, core) }
    case .active(let scope, let inner) where scope.policy == .latest:
      schedule(inner, in: scope, action: action, reactor, core)
    case .active(let scope, let inner):
      launch(inner, in: scope, waitingForTurn: false, action: action, reactor, core)
    case .queued(let scope, let inner):
      launch(inner, in: scope, waitingForTurn: true, action: action, reactor, core)
    default:
      let scope = core.pointee.makeExtras().effects.registerPlain(parent: nil)
      launch(later, in: scope, waitingForTurn: false, action: action, reactor, core)
    }
  }

  /// Starts the task that runs `node` inside `scope`.
  @discardableResult
  @inlinable func launch<R: Reactor>(
    _ node: MutationNode<Mutation>, in scope: EffectScope, waitingForTurn: Bool, action: Action,
    _ reactor: R, _ core: UnsafeMutablePointer<Core>
  ) -> Task<Void, Never>
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let extras = core.pointee.makeExtras()
    let context = EffectContext(reactor: reactor, action: action)
    let hooks = extras.hooks
    hooks?.taskStarted()
    var priority: TaskPriority?
    if case .run(let operation) = node { priority = operation.priority }
    // The task holds the reactor weakly (in `context`): effects never keep it alive (R9).
    let task = Task(priority: priority) {
      let mayRun = waitingForTurn ? await context.waitForTurn(of: scope) : true
      if mayRun {
        await EffectRunner.execute(node, in: scope, context: context)
      }
      context.finish(scope)
      hooks?.taskEnded()
    }
    extras.effects.attach(task, to: scope)
    return task
  }

  /// Puts `.latest` work in its lane, replacing the run waiting there, and makes sure a worker
  /// will start it.
  @inlinable func schedule<R: Reactor>(
    _ node: MutationNode<Mutation>, in scope: EffectScope, action: Action, _ reactor: R,
    _ core: UnsafeMutablePointer<Core>
  ) where R.Action == Action, R.Mutation == Mutation, R.State == State {
    guard let group = scope.group else {
      preconditionFailure("Internal inconsistency: `.latest` work outside its id's group")
    }
    let extras = core.pointee.makeExtras()
    let lane: LatestLane<Action, Mutation>
    if let existing = group.lane {
      lane = unsafeDowncast(existing, to: LatestLane<Action, Mutation>.self)
    } else {
      lane = LatestLane()
      group.lane = lane
    }
    // The run waiting was cancelled when this one registered; it never started, so it ends here.
    if let superseded = lane.waiting { extras.effects.finish(superseded.scope) }
    lane.waiting = LatestLane.Run(node: node, scope: scope, action: action)
    guard !lane.hasWorker else { return }
    lane.hasWorker = true
    let hooks = extras.hooks
    hooks?.taskStarted()
    // The worker holds the reactor weakly, and never across an `await`: it must not keep the
    // reactor alive while a run is in flight (R9). It yields before taking a run so that a burst
    // of sends replaces the waiting run instead of starting each one. It never waits for a run
    // it started: a newer run has already cancelled that one and must start now, not once the
    // cancelled run returns (cancellation is cooperative; a client may never notice it).
    Task { [weak reactor] in
      repeat {
        await Task.yield()
      } while reactor?.runtime.storage.startWaitingRun(in: lane, of: group, reactor) == true
      hooks?.taskEnded()
    }
  }

  /// Starts the run waiting in `lane`, if it is still current; ends the worker when none is left.
  ///
  /// - Returns: Whether a run was started (the worker then looks again).
  @inlinable func startWaitingRun<R: Reactor>(
    in lane: LatestLane<Action, Mutation>, of group: EffectGroup, _ reactor: R?
  ) -> Bool
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    guard let reactor else { return false }
    return withCore { core in
      guard let extras = core.pointee.extras else { return false }
      while let run = lane.waiting {
        lane.waiting = nil
        guard run.scope.isActive else {
          finish(run.scope, in: extras)  // Cancelled while it waited: it never starts.
          continue
        }
        launch(run.node, in: run.scope, waitingForTurn: false, action: run.action, reactor, core)
        return true
      }
      lane.hasWorker = false
      if group.lane === lane {
        group.lane = nil
        extras.effects.dropIfEmpty(group)
      }
      return false
    }
  }

  // MARK: - Called from effect tasks

  /// Applies a mutation sent by an effect, unless its scope was cancelled.
  @inlinable func emit<R: Reactor>(_ mutation: Mutation, in scope: EffectScope, _ reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    withCore { core in
      // R7: checked under the lock that every cancellation takes, so a mutation of a cancelled
      // effect never reaches `reduce`, even one produced before the cancel.
      guard scope.isActive else { return }
      guard core.pointee.beginStep(orQueue: .mutation(mutation, scope)) else { return }
      deliver(mutation, reactor, core)
      endStep(reactor, core)
    }
  }

  @inlinable func isActive(_ scope: EffectScope) -> Bool {
    withCore { _ in scope.isActive }
  }

  @inlinable func register(
    _ specification: ScopeSpecification, parent: EffectScope, action: Action
  )
    -> EffectRegistry<Action>.Registration
  {
    withCore { core in
      guard parent.isActive else { return .skip }
      return register(specification, parent: parent, action: action, core)
    }
  }

  @inlinable func launch<R: Reactor>(
    _ node: MutationNode<Mutation>, in scope: EffectScope, waitingForTurn: Bool, action: Action,
    _ reactor: R
  ) -> Task<Void, Never>
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    withCore { core in
      launch(node, in: scope, waitingForTurn: waitingForTurn, action: action, reactor, core)
    }
  }

  @inlinable func finish(_ scope: EffectScope) {
    withCore { core in
      guard let extras = core.pointee.extras else { return }
      finish(scope, in: extras)
    }
  }

  /// Records the end of a scope's work; wakes `waitUntilIdle()` when it was the last.
  @inlinable func finish(_ scope: EffectScope, in extras: Extras) {
    extras.effects.finish(scope)
    if extras.effects.isEmpty, !extras.idleWaiters.isEmpty {
      let waiters = Array(extras.idleWaiters.values)
      extras.idleWaiters = [:]
      extras.effects.work.resumeIdleWaiters(waiters)
    }
  }

  @inlinable func cancel(id: EffectID) {
    withCore { core in core.pointee.extras?.effects.cancel(id: id) }
  }

  @inlinable func report(_ error: any Error) {
    withCore { core in core.pointee.extras?.hooks?.report(.effectFailed(error)) }
  }

  /// Waits until a `.queue` scope may run; `false` if it was cancelled meanwhile.
  @inlinable func waitForTurn(of scope: EffectScope) async -> Bool {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let decision = withCore { core in
          core.pointee.makeExtras().effects.awaitTurn(of: scope, continuation: continuation)
        }
        if let decision { continuation.resume(returning: decision) }
      }
    } onCancel: { [runtime = ReactorRuntime(storage: self)] in
      runtime.storage.withCore { core in core.pointee.extras?.effects.cancel(scope) }
    }
  }

  /// Returns once no effect is running.
  /// Returns once no effect is running, or as soon as the calling task is cancelled.
  func waitUntilIdle() async {
    // Identifies this wait, so that cancelling it removes exactly its continuation.
    let token = IdleWaitToken()
    let key = ObjectIdentifier(token)
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let resumeNow = withCore { core in
          guard let extras = core.pointee.extras, !extras.effects.isEmpty, !Task.isCancelled
          else { return true }
          extras.idleWaiters[key] = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: { [runtime = ReactorRuntime(storage: self)] in
      let waiter = runtime.storage.withCore {
        $0.pointee.extras?.idleWaiters.removeValue(forKey: key)
      }
      waiter?.resume()
    }
    withExtendedLifetime(token) {}
  }

  @inlinable var runningEffectCount: Int {
    withCore { core in core.pointee.extras?.effects.runningCount ?? 0 }
  }
}

/// A unique identity for one `waitUntilIdle()` call.
final class IdleWaitToken: Sendable {}

/// Reported when `take(until:)` gets a predicate over another action type than the reactor's.
@usableFromInline struct ActionPredicateMismatch: Error, CustomStringConvertible {
  @usableFromInline let actionType: Any.Type

  @usableFromInline init(actionType: Any.Type) {
    self.actionType = actionType
  }

  @usableFromInline var description: String {
    "take(until:) was given a predicate that does not test \(actionType); it never matches"
  }
}
