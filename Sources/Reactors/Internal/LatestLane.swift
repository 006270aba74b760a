/// Where `.latest` work of one id waits to start, guarded by the runtime's lock.
///
/// Each new run replaces the one waiting (which `.latest` has already cancelled, or whose scope it
/// took over), and one worker task starts a run once it has stayed the newest for a whole look of
/// the worker (see ``Looks`` for its pace). So work superseded before it starts never gets a task
/// of its own, and a burst of sends faster than the worker looks starts none but the last.
@usableFromInline
final class LatestLane<Action: Sendable, Mutation: Sendable>: AnyLatestLane,
  @unchecked Sendable
{
  // Safe: every `var` here and in `AnyLatestLane` is read and written only while the mutex of the
  // runtime that made the lane is held; the worker task only passes the lane back into that
  // runtime. `MutationsCancellationTests` and `ConcurrencyTests` exercise it under
  // ThreadSanitizer in CI.

  /// The work of a run waiting for the worker.
  @usableFromInline struct Work {
    @usableFromInline let node: MutationNode<Mutation>
    @usableFromInline let action: Action

    @usableFromInline init(node: MutationNode<Mutation>, action: Action) {
      self.node = node
      self.action = action
    }
  }

  /// The work of the run in `waitingScope`; left behind when a new run takes that scope over,
  /// until the new run's work replaces it.
  @exclusivity(unchecked) @usableFromInline var waitingWork: Work?
  /// Whether the waiting run arrived since the worker last looked.
  @exclusivity(unchecked) @usableFromInline var isWaitingNew = false
  /// Whether a worker task is alive to start the waiting run.
  @exclusivity(unchecked) @usableFromInline var hasWorker = false

  @usableFromInline override init() {}

  /// Makes `node` the waiting run, in `scope`.
  ///
  /// - Returns: The run it replaces, which never started.
  @inlinable func wait(
    _ node: MutationNode<Mutation>, in scope: EffectScope, action: Action
  )
    -> (scope: EffectScope, work: Work)?
  {
    let replaced = takeWaiting()
    waitingScope = scope
    waitingWork = Work(node: node, action: action)
    // A scope registered inside the work would stay registered if another run took this one's
    // scope over: only work without one may be handed over.
    switch node {
    case .run, .waiting: handsOver = true
    default: handsOver = false
    }
    return replaced
  }

  /// Takes the waiting run out of the lane, if there is one.
  @inlinable func takeWaiting() -> (scope: EffectScope, work: Work)? {
    defer {
      waitingScope = nil
      waitingWork = nil
    }
    guard let scope = waitingScope, let work = waitingWork else { return nil }
    return (scope, work)
  }

  /// What the worker finds when it looks.
  @usableFromInline enum Look {
    /// A run to start now: it stayed the newest since the last look.
    case start(Work, EffectScope, TaskCount)
    /// A run new since the last look: look again after a yield.
    case again
    /// Nothing waiting.
    case empty
  }
}

/// The part of a lane that the effect registry, which knows only the action type, works with.
@usableFromInline class AnyLatestLane: @unchecked Sendable {
  // Safe: see `LatestLane`.

  /// The scope of the run waiting in the lane, not started yet; still registered under its id.
  @exclusivity(unchecked) @usableFromInline final var waitingScope: EffectScope?
  /// Whether the waiting run's scope may be handed over to a new run.
  @exclusivity(unchecked) @usableFromInline final var handsOver = false

  @usableFromInline init() {}

  /// Takes the waiting run's scope out of the lane for a new run of the same id, registered under
  /// the same `parent`, to take over: the waiting run never started, so nothing of it needs
  /// cancelling, and the new one needs no scope of its own.
  ///
  /// - Returns: The scope, still registered; `nil` if none can be handed over.
  @usableFromInline final func takeWaitingScope(parent: EffectScope?) -> EffectScope? {
    guard handsOver, let scope = waitingScope, scope.parent === parent, scope.isActive else {
      return nil
    }
    waitingScope = nil
    return scope
  }
}
