extension Mutations {
  /// Asynchronous work, as ``run(_:catch:)``, that runs on `isolation` instead of the actor the
  /// action was sent from: `nil` for the global executor, whoever sent the action.
  ///
  /// A `run` starts on its sender's actor, so a main-actor app's effects stay on the main actor
  /// until they await something isolated elsewhere. Work that would hold that actor too long — a
  /// long synchronous computation, a blocking call — leaves it:
  ///
  /// ```swift
  /// case .importFile(let url):
  ///   return .run(isolation: nil) { [parser] send in
  ///     send(.setDocument(try parser.parse(url)))  // Parsed off the main actor.
  ///   }
  /// ```
  ///
  /// Its task starts on the sender's actor and leaves it before `operation` begins. Mutations it
  /// sends are reduced where it sends them, or by the thread in the middle of a step.
  ///
  /// - Parameters:
  ///   - priority: The priority of the task; inherited when `nil`.
  ///   - isolation: The actor the work runs on; `nil`: the global executor.
  ///   - operation: The work; call `send(mutation)` as often as needed.
  ///   - handler: Turns a thrown error into mutations; runs on `isolation` too.
  public static func run(
    priority: TaskPriority? = nil,
    isolation: (any Actor)?,
    _ operation:
      nonisolated(nonsending) @escaping @Sendable (_ send: Send<Mutation>) async throws
      -> Void,
    catch handler: (
      nonisolated(nonsending) @Sendable (_ error: any Error, _ send: Send<Mutation>) async -> Void
    )? = nil
  ) -> Mutations {
    let body: nonisolated(nonsending) @Sendable (Send<Mutation>) async throws -> Void = { send in
      try await performing(on: isolation) { try await operation(send) }.get()
    }
    let leavingHandler = handler.map { handler in
      { (error: any Error, send: Send<Mutation>) in
        _ = await performing(on: isolation) { await handler(error, send) }
      } as nonisolated(nonsending) @Sendable (any Error, Send<Mutation>) async -> Void
    }
    return Mutations(
      first: nil, second: nil,
      rest: .run(
        EffectOperation(
          rawPriority: priority?.rawValue, body: body, handler: leavingHandler)))
  }
}

/// Runs `work` in a task of its own on `isolation` (the global executor for `nil`) and waits for
/// it; cancelling the waiting task cancels it. The task inherits the priority and task locals.
private func performing(
  on isolation: (any Actor)?,
  _ work: nonisolated(nonsending) @escaping @Sendable () async throws -> Void
) async -> Result<Void, any Error> {
  let task = IsolatedTask.start(on: isolation, priority: nil, work) { _, work in
    do {
      try await work()
      return Result<Void, any Error>.success(())
    } catch {
      return .failure(error)
    }
  }
  return await withTaskCancellationHandler {
    await task.value
  } onCancel: {
    task.cancel()
  }
}
