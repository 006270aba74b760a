/// Where `.latest` work of one id waits to start, guarded by the runtime's lock.
///
/// Each new run replaces the one waiting (which `.latest` has already cancelled), and one worker
/// task starts a run once it has stayed the newest for a whole look of the worker (see
/// ``Looks`` for its pace). So work superseded before it starts never gets a task of its own,
/// and a burst of sends faster than the worker looks starts none but the last.
@usableFromInline final class LatestLane<Action: Sendable, Mutation: Sendable>: @unchecked Sendable
{
  // Safe: `waiting` and `hasWorker` are read and written only while the mutex of the runtime
  // that made the lane is held; the worker task only passes the lane back into that runtime.
  // `MutationsCancellationTests` and `ConcurrencyTests` exercise it under ThreadSanitizer in CI.

  /// A run waiting for the worker.
  @usableFromInline struct Run {
    @usableFromInline let node: MutationNode<Mutation>
    @usableFromInline let scope: EffectScope
    @usableFromInline let action: Action

    @usableFromInline init(node: MutationNode<Mutation>, scope: EffectScope, action: Action) {
      self.node = node
      self.scope = scope
      self.action = action
    }
  }

  /// The newest run not started yet.
  @exclusivity(unchecked) @usableFromInline var waiting: Run?
  /// Whether `waiting` arrived since the worker last looked.
  @exclusivity(unchecked) @usableFromInline var isWaitingNew = false
  /// Whether a worker task is alive to start `waiting`.
  @exclusivity(unchecked) @usableFromInline var hasWorker = false

  @usableFromInline init() {}

  /// What the worker finds when it looks.
  @usableFromInline enum Look {
    /// A run to start now: it stayed the newest since the last look.
    case start(Run, TaskCount)
    /// A run new since the last look: look again after a yield.
    case again
    /// Nothing waiting.
    case empty
  }
}
