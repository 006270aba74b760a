/// What the tasks of one `mutate`'s work share: the reactor, held weakly, and the action the work
/// answers. It runs `Pending` work with the same interpreter as the step that made it.
///
/// Every call reaches the reactor's storage for a moment and lets it go again: no task holds the
/// reactor across a suspension, so a task that waits (for a turn, on a clock, on the network)
/// never keeps a released reactor alive (R9). Once the reactor is gone, every call does nothing.
final class EffectContext<R: Reactor>: Sendable {
  weak let reactor: R?
  let action: R.Action

  init(reactor: R, action: R.Action) {
    self.reactor = reactor
    self.action = action
  }

  /// The body of a task: runs `work` in `scope` unless the scope was cancelled before the task
  /// started, then ends the scope.
  func run(_ work: Pending<R.Mutation>, in scope: EffectScope) async {
    if reactor?.runtime.storage.isActive(scope) == true {
      await execute(work, in: scope)
    } else {
      // Superseded or cancelled before it started: it never starts.
      reactor?.runtime.storage.perform { $0.effects.finish(work, in: scope) }
    }
    reactor?.runtime.storage.end(scope)
  }

  func execute(_ work: Pending<R.Mutation>, in scope: EffectScope) async {
    switch work {
    case .run(let operation):
      await perform(operation, in: scope)
    case .wait(let wait, let next):
      do {
        try await wait.sleep()
      } catch {
        return  // Cancelled while waiting: the delayed work never starts.
      }
      await proceed(with: CollectionOfOne(next), in: scope)
    case .sequence(let first, let rest):
      await execute(first, in: scope)
      await proceed(with: rest, in: scope)
    case .parallel(let parts):
      await withTaskGroup(of: Void.self) { group in
        for part in parts {
          group.addTask { await self.execute(part, in: scope) }
        }
      }
    case .scoped(let child, let inner):
      await runChild(inner, in: child)
    case .queued(let child, let node) where child === scope:
      guard await waitForTurn(of: scope) else { return }
      await proceed(with: [node], in: scope)
    case .queued(let child, _):
      await runChild(work, in: child)
    }
  }

  /// Goes on with the parts of a `concat` after the one that waited, in order.
  private func proceed(
    with parts: some Collection<MutationNode<R.Mutation>>, in scope: EffectScope
  ) async {
    var parts = parts[...]
    while let part = parts.popFirst() {
      if Task.isCancelled { return }
      guard let pending = advance(part, in: scope) else { continue }
      await execute(pending, in: scope)
    }
  }

  /// Performs the immediate part of `node`, holding the reactor only meanwhile.
  private func advance(_ node: MutationNode<R.Mutation>, in scope: EffectScope)
    -> Pending<R.Mutation>?
  {
    guard let reactor else { return nil }
    return reactor.runtime.storage.advance(node, in: scope, self, .emit(reactor))
  }

  /// Runs scoped work in a task of its own and waits for it; cancelling this task cancels that
  /// one.
  private func runChild(_ work: Pending<R.Mutation>, in child: EffectScope) async {
    guard let task = reactor?.runtime.storage.launch(work, in: child, self) else { return }
    await withTaskCancellationHandler {
      await task.value
    } onCancel: {
      task.cancel()
    }
  }

  private func perform(_ operation: EffectOperation<R.Mutation>, in scope: EffectScope) async {
    let send = Send<R.Mutation> { [weak reactor] mutation in
      guard let reactor else { return }
      reactor.runtime.storage.emit(mutation, in: scope, reactor)
    }
    do {
      try await operation.body(send)
    } catch {
      // Cancellation is not an error (R8): neither the handler nor diagnostics see it.
      if error is CancellationError || Task.isCancelled { return }
      guard reactor?.runtime.storage.isActive(scope) == true else { return }
      if let handler = operation.handler {
        await handler(error, send)
      } else {
        reactor?.runtime.storage.report(error)
      }
    }
  }

  /// Waits until a `.queue` scope may run; `false` if it was cancelled meanwhile or the reactor
  /// is released.
  private func waitForTurn(of scope: EffectScope) async -> Bool {
    await withTaskCancellationHandler {
      await withUnsafeContinuation { continuation in
        // The reactor is held only while the continuation is handed over, not while it waits.
        guard let storage = reactor?.runtime.storage else {
          return continuation.resume(returning: false)
        }
        storage.awaitTurn(of: scope, continuation)
      }
    } onCancel: {
      reactor?.runtime.storage.cancel(scope)
    }
  }
}
