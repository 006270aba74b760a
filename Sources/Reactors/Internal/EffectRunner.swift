/// Runs the asynchronous part of a mutation tree inside an effect task.
///
/// `concat` runs its parts in order, `merge` in a task group, and every scoped part (`take(until:)`,
/// `cancellable`) in a child task of its own, so cancelling the scope stops exactly that part while
/// an enclosing `concat` goes on.
@usableFromInline enum EffectRunner {
  @inlinable static func execute<R: Reactor>(
    _ node: MutationNode<R.Mutation>, in scope: EffectScope, context: EffectContext<R>
  ) async {
    switch node {
    case .none:
      return
    case .just(let mutation):
      context.emit(mutation, in: scope)
    case .concat(let parts):
      for part in parts {
        if Task.isCancelled { return }
        await execute(part, in: scope, context: context)
      }
    case .merge(let parts):
      await withTaskGroup(of: Void.self) { group in
        for part in parts {
          group.addTask { await execute(part, in: scope, context: context) }
        }
      }
    case .run(let operation):
      await perform(operation, in: scope, context: context)
    case .scoped(let specification, let inner):
      switch context.register(specification, parent: scope) {
      case .skip:
        return
      case .start(let child):
        await runChild(inner, in: child, waitingForTurn: false, context: context)
      case .wait(let child):
        await runChild(inner, in: child, waitingForTurn: true, context: context)
      }
    case .cancel(let id):
      context.cancel(id: id)
    case .delayed(let delay, let inner):
      await wait(delay.begin(), then: inner, in: scope, context: context)
    case .waiting(let wait, let inner):
      await self.wait(wait, then: inner, in: scope, context: context)
    case .active(let child, let inner):
      await runChild(inner, in: child, waitingForTurn: false, context: context)
    case .queued(let child, let inner):
      await runChild(inner, in: child, waitingForTurn: true, context: context)
    }
  }

  @inlinable static func wait<R: Reactor>(
    _ wait: Delay.Wait, then node: MutationNode<R.Mutation>, in scope: EffectScope,
    context: EffectContext<R>
  ) async {
    do {
      try await wait.sleep()
    } catch {
      return  // Cancelled while waiting: the delayed work never starts.
    }
    await execute(node, in: scope, context: context)
  }

  /// Runs scoped work in its own task and waits for it; cancelling this task cancels that one.
  @inlinable static func runChild<R: Reactor>(
    _ node: MutationNode<R.Mutation>, in scope: EffectScope, waitingForTurn: Bool,
    context: EffectContext<R>
  ) async {
    guard let task = context.launch(node, in: scope, waitingForTurn: waitingForTurn) else {
      return
    }
    await withTaskCancellationHandler {
      await task.value
    } onCancel: {
      task.cancel()
    }
  }

  @inlinable static func perform<R: Reactor>(
    _ operation: EffectOperation<R.Mutation>, in scope: EffectScope, context: EffectContext<R>
  ) async {
    let send = Send<R.Mutation> { context.emit($0, in: scope) }
    do {
      try await operation.body(send)
    } catch {
      // Cancellation is not an error (R8): neither the handler nor diagnostics see it.
      if error is CancellationError || Task.isCancelled || !context.isActive(scope) { return }
      if let handler = operation.handler {
        await handler(error, send)
      } else {
        context.report(error)
      }
    }
  }
}
