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
