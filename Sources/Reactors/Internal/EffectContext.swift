/// Every scope of a reactor, as its task sees it (so a run is one object): with the reactor (held
/// weakly) and the action its work answers; it runs `Pending` work with the step's interpreter.
/// Each call holds the reactor only for a moment, so a waiting task (for a turn, a clock, the
/// network) never keeps a released reactor alive (R9); once it is gone, calls do nothing. The
/// `nonisolated(nonsending)` methods and the user's work run on the sending actor (`IsolatedTask`).
@usableFromInline final class EffectContext<R: Reactor>: EffectScope, @unchecked Sendable {
  // Safe: the two fields added here never change; the scope's own say why they are safe.
  @usableFromInline weak let reactor: R?
  @usableFromInline let action: R.Action

  @inlinable init(reactor: R?, action: R.Action, parent: EffectScope?, id: EffectID? = nil) {
    (self.reactor, self.action) = (reactor, action)
    super.init(parent: parent, id: id)
  }

  /// A scope registered by this reactor's runtime, which made it as a context.
  @inlinable static func of(_ scope: EffectScope) -> EffectContext {
    unsafeDowncast(scope, to: EffectContext.self)
  }

  /// The body of a task: runs `work` in this scope, then ends the scope. Work whose scope was
  /// cancelled before the task started still runs, in a cancelled task, as any Swift task does:
  /// its `catch` blocks see the cancellation, and what it sends is dropped.
  @inlinable nonisolated(nonsending) func run(_ work: Pending<R.Mutation>) async {
    // Most work is a plain `run`: calling it directly keeps the task's frames small, within the
    // memory a task starts with, where `execute`'s frame (it can do everything) is not.
    if case .run(let operation) = work { await perform(operation) } else { await execute(work) }
    reactor?.runtime.storage.end(self)
  }

  /// `run(work)`, as the task `count` counted, which ends with it; untracked, without a call.
  @inlinable nonisolated(nonsending) func run(
    _ work: Pending<R.Mutation>, as count: TaskCount
  ) async {
    if count.isTracked { await count.run(for: action) { await run(work) } } else { await run(work) }
    count.taskEnded()
  }

  @inlinable nonisolated(nonsending) func execute(_ work: Pending<R.Mutation>) async {
    switch work {
    case .run(let operation): await perform(operation)
    case .wait(let wait, let next):
      // Throws once cancelled: the delayed work never starts.
      guard (try? await wait.sleep()) != nil else { return }
      await proceed(with: CollectionOfOne(next))
    case .sequence(let first, let rest):
      await execute(first)
      await proceed(with: rest)
    case .parallel(let parts):
      let isolation = #isolation
      await withTaskGroup(of: Void.self) { group in
        // A child of a group starts on the global executor, then goes to this task's actor.
        for part in parts { group.addTask { await self.execute(part, on: isolation) } }
      }
    case .scoped(let child, let inner): await runChild(inner, in: child)
    case .queued(let child, let node) where child === self:
      guard await waitForTurn() else { return }
      await proceed(with: [node])
    case .queued(let child, _): await runChild(work, in: child)
    }
  }

  /// Runs `work` on `isolation`: the actor of the task whose `merge` it is a part of.
  @inlinable func execute(_ work: Pending<R.Mutation>, on isolation: isolated (any Actor)?) async {
    await execute(work)
  }

  /// Goes on with the parts of a `concat` after the one that waited, in order.
  @inlinable nonisolated(nonsending) func proceed(
    with parts: some Collection<MutationNode<R.Mutation>>
  ) async {
    for part in parts {
      if Task.isCancelled { return }
      guard let pending = advance(part) else { continue }
      await execute(pending)
    }
  }

  /// Performs the immediate part of `node`, holding the reactor only meanwhile.
  @inlinable func advance(_ node: MutationNode<R.Mutation>) -> Pending<R.Mutation>? {
    guard let reactor else { return nil }
    return reactor.runtime.storage.advance(node, in: self, for: action, reactor, inStep: false)
  }

  /// Runs scoped work in a task of its own and waits for it, cancelling it with this task.
  @inlinable nonisolated(nonsending) func runChild(
    _ work: Pending<R.Mutation>, in child: EffectScope
  ) async {
    let task = reactor?.runtime.storage.launch(work, in: EffectContext.of(child), on: #isolation)
    guard let task else { return }
    await withTaskCancellationHandler {
      await task.value
    } onCancel: {
      task.cancel()
    }
  }

  @inlinable nonisolated(nonsending) func perform(_ operation: EffectOperation<R.Mutation>) async {
    let send = Send<R.Mutation>(emitting: { [self] in emit($0, from: $1) })
    do {
      try await operation.body(send)
    } catch {
      // Cancellation is not an error (R8): neither the handler nor diagnostics see it.
      if error is CancellationError || Task.isCancelled { return }
      guard reactor?.runtime.storage.isActive(self) == true else { return }
      if let handler = operation.handler {
        await handler(error, send)
      } else {
        reactor?.runtime.storage.report(error)
      }
    }
  }

  /// Applies a mutation the work sent from `isolation`, unless the reactor is gone.
  @inlinable func emit(_ mutation: R.Mutation, from isolation: (any Actor)?) {
    guard let reactor else { return }
    reactor.runtime.storage.emit(mutation, in: self, reactor, from: isolation)
  }

  /// Waits until a `.queue` scope may run; `false` if it was cancelled or the reactor is gone.
  @inlinable nonisolated(nonsending) func waitForTurn() async -> Bool {
    await withTaskCancellationHandler {
      await withUnsafeContinuation { continuation in
        // The reactor is held only while the continuation is handed over, not while it waits.
        guard let storage = reactor?.runtime.storage else {
          return continuation.resume(returning: false)
        }
        storage.awaitTurn(of: self, continuation)
      }
    } onCancel: {
      reactor?.runtime.storage.cancel { $0.cancel(self) }
    }
  }
}
