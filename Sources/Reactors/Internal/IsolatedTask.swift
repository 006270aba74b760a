/// Starts the task of an effect isolated to the actor its action was sent from, an actor known only
/// at run time (`#isolation`), or on the global executor if none. A task closure is isolated to an
/// actor only inside a function whose `isolated` parameter it captures. Only that actor may call
/// such a function, and the runtime's nonisolated code is never statically on it, so `start` calls
/// it through the same function type without the mark. Sound: making a task reads nothing of the
/// actor; `Task.init`, like `Task { @MainActor in }`, enqueues it on its closure's actor from any
/// thread, so a step's owner can start another thread's effect on its sender's actor.
@usableFromInline enum IsolatedTask {
  /// The body of an effect's task, handed the actor it runs on; a thin function, so that making
  /// the task allocates nothing more than the task itself and its context.
  @usableFromInline typealias Body<Context: Sendable, Success: Sendable> =
    @Sendable (_ isolation: isolated (any Actor)?, _ context: Context) async -> Success

  /// Starts `body(isolation, context)` in a task on `isolation`'s executor, or the global one.
  @inlinable static func start<Context: Sendable, Success: Sendable>(
    on isolation: (any Actor)?, priority: TaskPriority?, _ context: Context,
    _ body: @escaping Body<Context, Success>
  ) -> Task<Success, Never> {
    guard let isolation else { return Task(priority: priority) { await body(nil, context) } }
    typealias Isolated = (
      isolated (any Actor)?, TaskPriority?, Context, @escaping Body<Context, Success>
    ) -> Task<Success, Never>
    typealias Unmarked = ((any Actor)?, TaskPriority?, Context, @escaping Body<Context, Success>)
      -> Task<Success, Never>
    // Only the `isolated` mark differs, which changes nothing in the call: see the type's comment.
    let unmarked = unsafeBitCast(startIsolated as Isolated, to: Unmarked.self)
    return unmarked(isolation, priority, context, body)
  }

  /// Makes the task on `isolation`: capturing the `isolated` parameter isolates its closure.
  @usableFromInline static func startIsolated<Context: Sendable, Success: Sendable>(
    _ isolation: isolated (any Actor)?, _ priority: TaskPriority?, _ context: Context,
    _ body: @escaping Body<Context, Success>
  ) -> Task<Success, Never> {
    Task(priority: priority) {
      _ = isolation
      return await body(isolation, context)
    }
  }
}
