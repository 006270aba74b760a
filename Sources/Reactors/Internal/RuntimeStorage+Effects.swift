/// Starting what `mutate` returned beyond inline immediate mutations. The step's owner calls
/// these with the lock released; each takes it only for the registry's bookkeeping.
extension RuntimeStorage {
  /// Applies what can be applied now, registers scopes, and spawns tasks for the rest.
  @inlinable func start<R: Reactor>(
    _ tree: __owned MutationNode<Mutation>, action: Action, _ extras: Extras?, _ reactor: R
  ) where R.Action == Action, R.Mutation == Mutation, R.State == State {
    if case .scoped(let specification, let inner) = tree {
      // The common shape, one scoped piece of work, goes to its lane or task as `spawn` would
      // send it, without a node around it.
      guard
        let (scope, later, waitsForTurn) = startScoped(
          inner, as: specification, in: nil, action: action, extras, reactor)
      else { return }
      spawn(later, in: scope, waitsForTurn: waitsForTurn, action: action, reactor)
      return
    }
    if tree.isNone { return }
    // A plain `run`, the other common shape, has nothing to start now: it goes to its task as is.
    if case .run = tree { return spawn(tree, action: action, extras, reactor) }
    let later = startNow(tree, in: nil, action: action, extras, reactor)
    if !later.isNone { spawn(later, action: action, extras, reactor) }
  }

  /// The synchronous part of a tree: delivers immediate mutations and registers scopes now, fixes
  /// delay deadlines, and returns what needs a task (`.none` if nothing does).
  @inlinable func startNow<R: Reactor>(
    _ node: MutationNode<Mutation>, in scope: EffectScope?, action: Action, _ extras: Extras?,
    _ reactor: R
  ) -> MutationNode<Mutation>
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    switch node {
    case .none:
      return .none
    case .just(let mutation):
      // A scope cancelled meanwhile drops the state when it is committed.
      deliver(mutation, from: scope, extras, reactor)
      return .none
    case .concat(let parts):
      for index in parts.indices {
        let rest = startNow(parts[index], in: scope, action: action, extras, reactor)
        if rest.isNone { continue }
        // The rest of the sequence waits for this part: it all continues in one task.
        let remaining = parts[(index + 1)...]
        return remaining.isEmpty ? rest : .concat([rest] + remaining)
      }
      return .none
    case .merge(let parts):
      var later: [MutationNode<Mutation>] = []
      for part in parts {
        let rest = startNow(part, in: scope, action: action, extras, reactor)
        if !rest.isNone { later.append(rest) }
      }
      switch later.count {
      case 0: return .none
      case 1: return later[0]
      default: return .merge(later)
      }
    case .run:
      return node
    case .scoped(let specification, let inner):
      guard
        let (registered, later, waitsForTurn) = startScoped(
          inner, as: specification, in: scope, action: action, extras, reactor)
      else { return .none }
      return waitsForTurn ? .queued(registered, later) : .active(registered, later)
    case .cancel(let id):
      cancel(id: id)
      return .none
    case .delayed(let delay, let inner):
      return .waiting(delay.begin(), inner)
    case .active, .queued, .waiting:
      preconditionFailure("Internal inconsistency: a registered scope in a new mutation tree")
    }
  }

  /// Registers scoped work and starts its synchronous part.
  ///
  /// - Returns: The work's scope, what of the work needs a task, and whether that waits for its
  ///   `.queue` turn first; `nil` when nothing needs a task.
  @inlinable func startScoped<R: Reactor>(
    _ inner: MutationNode<Mutation>, as specification: ScopeSpecification, in scope: EffectScope?,
    action: Action, _ extras: Extras?, _ reactor: R
  ) -> (scope: EffectScope, later: MutationNode<Mutation>, waitsForTurn: Bool)?
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    switch register(specification, parent: scope, action: action) {
    case .skip:
      return nil
    case .wait(let registered):
      return (registered, inner, true)
    case .start(let registered):
      let rest = startNow(inner, in: registered, action: action, extras, reactor)
      if rest.isNone {
        finish(registered)
        return nil
      }
      return (registered, rest, false)
    }
  }

  /// Registers scoped work under the rules of its specification; `.skip` when the enclosing
  /// scope is no longer active.
  @inlinable func register(
    _ specification: ScopeSpecification, parent: EffectScope?, action: Action
  ) -> EffectRegistry<Action>.Registration {
    let rule: EffectRegistry<Action>.Rule
    switch specification {
    case .takeUntil(let predicate):
      if let predicate = predicate as? ActionPredicate<Action> {
        rule = .stop(predicate.matches)
      } else {
        report(ActionPredicateMismatch(actionType: Action.self))
        rule = .plain
      }
    case .cancellable(.id(let id), let policy):
      rule = .cancellable(id, policy)
    case .cancellable(.actionCase, let policy):
      // Computed before locking: reading the case name may run the action's `customMirror`.
      rule = .cancellable(EffectID(caseOf: action), policy)
    }
    return withLock { core in
      if let parent, !parent.isActive { return .skip }
      return core.makeExtras().effects.register(rule, parent: parent)
    }
  }

  /// Starts the tasks for what `startNow` left over; `extras` are the step's.
  ///
  /// NB: the work is passed `__owned` from `start` down to the context that keeps it, and moved
  /// there: copied, it went through `MutationNode`'s value witness and the copy's destruction,
  /// about 130 instructions per effect (callgrind). Not `consuming`: Swift 6.3.1's move checker
  /// crashes on it for this indirect enum.
  @inlinable func spawn<R: Reactor>(
    _ later: __owned MutationNode<Mutation>, action: Action, _ extras: Extras?, _ reactor: R
  ) where R.Action == Action, R.Mutation == Mutation, R.State == State {
    switch later {
    case .merge(let parts):
      // Parts of a top-level merge are unrelated: each gets its own task.
      for part in parts { spawn(part, action: action, extras, reactor) }
      return
    case .active(let scope, let inner):
      return spawn(inner, in: scope, waitsForTurn: false, action: action, reactor)
    case .queued(let scope, let inner):
      return spawn(inner, in: scope, waitsForTurn: true, action: action, reactor)
    default:
      break
    }
    // A plain task: its context is its scope. A step without extras has no tracker to count it
    // (as it has no hooks to report its action to).
    let taskCount =
      extras == nil ? .untracked : withLock { $0.extras?.hooks?.countTaskStart() ?? .untracked }
    let context = EffectContext(
      reactor: reactor, action: action, scope: nil, work: consume later, waitsForTurn: false,
      taskCount: taskCount)
    // Registered after its task is created, in the hold that attaches the task: the task cannot
    // have ended before, since what it sends and its end queue behind this step.
    let task = makeTask(of: context)
    withLock { core in
      let extras = core.makeExtras()
      extras.effects.registerPlain(context)
      extras.effects.attach(task, to: context)
    }
  }

  /// Sends work registered in `scope` to its `.latest` lane, or starts its task.
  @inlinable func spawn<R: Reactor>(
    _ work: __owned MutationNode<Mutation>, in scope: EffectScope, waitsForTurn: Bool,
    action: Action, _ reactor: R
  ) where R.Action == Action, R.Mutation == Mutation, R.State == State {
    if !waitsForTurn, scope.policy == .latest {
      schedule(consume work, in: scope, action: action, reactor)
    } else {
      launch(consume work, in: scope, waitsForTurn: waitsForTurn, action: action, reactor)
    }
  }

  /// Starts the task that runs `node` inside `scope`.
  @discardableResult
  @inlinable func launch<R: Reactor>(
    _ node: __owned MutationNode<Mutation>, in scope: EffectScope, waitsForTurn: Bool,
    action: Action, _ reactor: R
  ) -> Task<Void, Never>
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let taskCount = withLock { $0.extras?.hooks?.countTaskStart() ?? .untracked }
    return launch(
      consume node, in: scope, waitsForTurn: waitsForTurn, action: action, reactor,
      taskCount: taskCount)
  }

  /// Starts the task that runs `node` inside `scope`, already counted by `taskCount`.
  ///
  /// The task is created with the lock released, so that starting it never holds up a thread
  /// that sends or emits meanwhile, and is attached to its scope right after: a scope cancelled
  /// in between cancels it then.
  @discardableResult
  @inlinable func launch<R: Reactor>(
    _ node: __owned MutationNode<Mutation>, in scope: EffectScope, waitsForTurn: Bool,
    action: Action, _ reactor: R, taskCount: TaskCount
  ) -> Task<Void, Never>
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    // The task holds the reactor weakly (in `context`), and its storage never: effects never keep
    // the reactor alive (R9), not even while they wait for a `.queue` turn.
    let task = makeTask(
      of: EffectContext(
        reactor: reactor, action: action, scope: scope, work: consume node,
        waitsForTurn: waitsForTurn, taskCount: taskCount))
    withLock { $0.makeExtras().effects.attach(task, to: scope) }
    return task
  }

  /// Creates the task that runs `context`'s work, at the priority of its `run`.
  @inlinable func makeTask<R: Reactor>(of context: EffectContext<R>) -> Task<Void, Never> {
    guard case .run(let operation) = context.work, let rawPriority = operation.rawPriority else {
      // NB: no `priority:` argument when there is none, and no `TaskPriority?` formed to find
      // out: a `TaskPriority?` known only at run time is copied and destroyed through value
      // witnesses, in `Task.init` too.
      return Task { await context.run() }
    }
    return Task(priority: TaskPriority(rawValue: rawPriority)) { await context.run() }
  }
}

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
