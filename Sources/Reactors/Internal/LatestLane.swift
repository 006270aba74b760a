/// Where `.latest` work of one id waits to start, guarded by the runtime's lock.
///
/// Each new run replaces the one waiting (which `.latest` has already cancelled), and one worker
/// task starts the runs still current when it gets to them, yielding between them so that a burst
/// of sends coalesces. So work superseded before it starts never gets a task of its own: 10,000
/// queries typed in a burst start a fraction of that many tasks, not 10,000 cancelled at once.
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
  /// Whether a worker task is alive to start `waiting`.
  @exclusivity(unchecked) @usableFromInline var hasWorker = false

  @usableFromInline init() {}
}
