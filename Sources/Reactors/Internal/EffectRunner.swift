/// Runs the asynchronous part of a mutation tree inside an effect task, in the task's scope.
///
/// `concat` runs its parts in order, `merge` in a task group, and every scoped part (`take(until:)`,
/// `cancellable`) in a child task of its own, so cancelling the scope stops exactly that part while
/// an enclosing `concat` goes on.
@usableFromInline enum EffectRunner {
  /// Runs the work of a task. A plain `run`, the common case, goes straight to `perform`: with
  /// `execute`'s frame, sized for every kind of node, it would not fit in the task's first slab.
  ///
  /// NB: always inlined, like `perform` and `EffectContext.run`, so that a plain `run`'s task
  /// makes one async call, the user's closure. Each other level cost a frame from the task's
  /// allocator and `swift_task_switch` checks: about 670 instructions per effect for the three.
  @inline(__always) @inlinable static func start<R: Reactor>(
    _ node: MutationNode<R.Mutation>, context: EffectContext<R>
  ) async {
    if case .run(let operation) = node {
      await perform(operation, context: context)
    } else {
      await execute(node, context: context)
    }
  }

  // NB: every `await` below calls a function that is not inlined, so that one async frame does not
  // hold what every kind of node needs: inlined, an effect took two more 1 KiB slabs of its task's
  // allocator (dhat).
  @inlinable static func execute<R: Reactor>(
    _ node: MutationNode<R.Mutation>, context: EffectContext<R>
  ) async {
    switch node {
    case .none:
      return
    case .just(let mutation):
      context.emit(mutation)
    case .concat(let parts):
      await runInOrder(parts, context: context)
    case .merge(let parts):
      await runTogether(parts, context: context)
    case .run(let operation):
      await performNested(operation, context: context)
    case .scoped(let specification, let inner):
      await runScoped(inner, as: specification, context: context)
    case .cancel(let id):
      context.cancel(id: id)
    case .delayed(let delay, let inner):
      await wait(delay.begin(), then: inner, context: context)
    case .waiting(let wait, let inner):
      await self.wait(wait, then: inner, context: context)
    case .active(let child, let inner):
      await runChild(inner, in: child, waitsForTurn: false, context: context)
    case .queued(let child, let inner):
      await runChild(inner, in: child, waitsForTurn: true, context: context)
    }
  }

  @inline(never) @inlinable static func runInOrder<R: Reactor>(
    _ parts: [MutationNode<R.Mutation>], context: EffectContext<R>
  ) async {
    for index in parts.indices {
      if Task.isCancelled {
        // The parts that never run end the scopes they registered when the work started.
        for part in parts[index...] { part.forEachRegisteredScope(context.finish) }
        return
      }
      await execute(parts[index], context: context)
    }
  }

  @inline(never) @inlinable static func runTogether<R: Reactor>(
    _ parts: [MutationNode<R.Mutation>], context: EffectContext<R>
  ) async {
    await withTaskGroup(of: Void.self) { group in
      for part in parts {
        group.addTask { await execute(part, context: context) }
      }
    }
  }

  @inline(never) @inlinable static func runScoped<R: Reactor>(
    _ node: MutationNode<R.Mutation>, as specification: ScopeSpecification,
    context: EffectContext<R>
  ) async {
    switch context.register(specification) {
    case .skip:
      return
    case .start(let child):
      await runChild(node, in: child, waitsForTurn: false, context: context)
    case .wait(let child):
      await runChild(node, in: child, waitsForTurn: true, context: context)
    }
  }

  @inline(never) @inlinable static func wait<R: Reactor>(
    _ wait: Delay.Wait, then node: MutationNode<R.Mutation>, context: EffectContext<R>
  ) async {
    do {
      try await wait.sleep()
    } catch {
      return  // Cancelled while waiting: the delayed work never starts.
    }
    await execute(node, context: context)
  }

  /// Runs scoped work in its own task and waits for it; cancelling this task cancels that one.
  @inline(never) @inlinable static func runChild<R: Reactor>(
    _ node: MutationNode<R.Mutation>, in scope: EffectScope, waitsForTurn: Bool,
    context: EffectContext<R>
  ) async {
    guard let task = context.launch(node, in: scope, waitsForTurn: waitsForTurn) else {
      return
    }
    await withTaskCancellationHandler {
      await task.value
    } onCancel: {
      task.cancel()
    }
  }

  /// `perform` out of line, for `execute` (see the note above it).
  @inline(never) @inlinable static func performNested<R: Reactor>(
    _ operation: EffectOperation<R.Mutation>, context: EffectContext<R>
  ) async {
    await perform(operation, context: context)
  }

  @inline(__always) @inlinable static func perform<R: Reactor>(
    _ operation: EffectOperation<R.Mutation>, context: EffectContext<R>
  ) async {
    let send = context.send
    do {
      try await operation.body(send)
    } catch {
      // Cancellation is not an error (R8): neither the handler nor diagnostics see it.
      if error is CancellationError || Task.isCancelled || !context.isStillActive { return }
      if let handler = operation.handler {
        await handler(error, send)
      } else {
        context.report(error)
      }
    }
  }
}
