/// What effect tasks call: each goes through the lock, so it sees cancellations in order.
extension RuntimeStorage {
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
