/// What effect tasks call. Each takes the lock for its bookkeeping only, so it sees every
/// cancellation in order; none holds the storage across a suspension.
extension RuntimeStorage {
  /// Applies a mutation sent by an effect, unless its scope was cancelled or has finished.
  ///
  /// Runs the step on the effect's thread if none is running; otherwise leaves the mutation to
  /// the step's owner and returns at once.
  @inlinable func emit<R: Reactor>(_ mutation: Mutation, in scope: EffectScope, _ reactor: R)
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let ticket = withLock { core -> StepTicket<Extras>? in
      // R7: checked under the lock that every cancellation takes; checked again when the state
      // it produces is committed, so a cancel that comes in between wins too.
      guard scope.isActive else { return nil }
      return core.beginStep(orQueue: .mutation(mutation, scope))
    }
    guard let ticket else { return }
    if _fastPath(ticket.isPlain) {
      // Straight to `reduce`, as `send` goes straight to `mutate`, without wrapping the mutation
      // as step work (which retained and released the scope twice more).
      apply(mutation, from: scope, nil, reactor)
      performQueuedWork(reactor)
    } else {
      runStep(.mutation(mutation, scope), ticket, reactor)
    }
  }

  @inlinable func isActive(_ scope: EffectScope) -> Bool {
    withLock { _ in scope.isActive }
  }

  /// Records that an effect task has returned.
  ///
  /// A step that is running may still hold mutations the task sent: the scope then ends behind
  /// them, in the step's queue. Until it ends, a `.latest` run registered meanwhile cancels it,
  /// which drops those mutations, and `waitUntilIdle()` waits for them to be reduced.
  @inlinable func end(_ scope: EffectScope) {
    withLock { core in
      guard !core.queueBehindStep(.effectEnded(scope)), let extras = core.extras else { return }
      finish(scope, in: extras)
    }
  }

  @inlinable func finish(_ scope: EffectScope) {
    withLock { core in
      guard let extras = core.extras else { return }
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
    withLock { core in core.extras?.effects.cancel(id: id) }
  }

  @inlinable func cancel(_ scope: EffectScope) {
    withLock { core in core.extras?.effects.cancel(scope) }
  }

  /// Hands an effect's error to diagnostics, outside the lock: they are user code.
  @inlinable func report(_ error: any Error) {
    let hooks = withLock { $0.extras?.hooks }
    hooks?.report(.effectFailed(error))
  }

  /// Decides at once whether a `.queue` scope may run, or keeps `continuation` to resume when its
  /// turn comes (`true`) or when it is cancelled (`false`).
  @inlinable func awaitTurn(of scope: EffectScope, _ continuation: UnsafeContinuation<Bool, Never>)
  {
    let decision = withLock { core in
      core.makeExtras().effects.awaitTurn(of: scope, continuation: continuation)
    }
    if let decision { continuation.resume(returning: decision) }
  }

  /// Returns once no effect is running, or as soon as the calling task is cancelled.
  func waitUntilIdle() async {
    // Identifies this wait, so that cancelling it removes exactly its continuation.
    let token = IdleWaitToken()
    let key = ObjectIdentifier(token)
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let resumeNow = withLock { core in
          guard let extras = core.extras, !extras.effects.isEmpty, !Task.isCancelled
          else { return true }
          extras.idleWaiters[key] = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: { [runtime = ReactorRuntime(storage: self)] in
      // NB: strong, like the caller's own reference: `Reactor.waitUntilIdle()` is a method, so
      // whoever awaits it holds the reactor until it returns anyway.
      let waiter = runtime.storage.withLock { $0.extras?.idleWaiters.removeValue(forKey: key) }
      waiter?.resume()
    }
    withExtendedLifetime(token) {}
  }

  @inlinable var runningEffectCount: Int {
    withLock { core in core.extras?.effects.runningCount ?? 0 }
  }
}

/// A unique identity for one `waitUntilIdle()` call.
final class IdleWaitToken: Sendable {}
