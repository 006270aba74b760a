/// Starts the task of an effect isolated to the actor its action was sent from, an actor known
/// only at run time (`#isolation` at the `send`), or on the global executor when there is none.
///
/// A task closure is isolated to an actor only where the compiler can see it: inside a function
/// whose `isolated` parameter the closure captures. Such a function can be called synchronously
/// only from that actor, which the runtime's code, generic and nonisolated, never statically is;
/// so `start` calls it through a function value of the same shape without the `isolated` mark.
/// That is sound because making a task reads nothing of the actor: `Task.init` enqueues the new
/// task on its closure's actor from whichever thread it is called on (as `Task { @MainActor in }`
/// does), which is also what lets a step's owner start the effect of another thread's action on
/// that sender's actor.
@usableFromInline enum IsolatedTask {
  /// The body of an effect's task, handed the actor it runs on; a thin function, so that making
  /// the task allocates nothing more than the task itself and its context.
  @usableFromInline typealias Body<Context: Sendable, Success: Sendable> =
    @Sendable (_ isolation: isolated (any Actor)?, _ context: Context) async -> Success

  /// Starts `body(isolation, context)` in a new task that runs on `isolation`'s executor, or on
  /// the global executor when `isolation` is `nil`.
  @inlinable static func start<Context: Sendable, Success: Sendable>(
    on isolation: (any Actor)?, priority: TaskPriority?, _ context: Context,
    _ body: @escaping Body<Context, Success>
  ) -> Task<Success, Never> {
    guard let isolation else {
      return Task(priority: priority) { await body(nil, context) }
    }
    typealias Isolated = (
      isolated (any Actor)?, TaskPriority?, Context, @escaping Body<Context, Success>
    ) -> Task<Success, Never>
    typealias Unmarked = ((any Actor)?, TaskPriority?, Context, @escaping Body<Context, Success>)
      -> Task<Success, Never>
    // The same function type but for the `isolated` mark, which changes nothing in how the
    // function is called: see the type's comment for why calling it from here is sound.
    let unmarked = unsafeBitCast(startIsolated as Isolated, to: Unmarked.self)
    return unmarked(isolation, priority, context, body)
  }

  /// Makes the task on `isolation`; its closure captures the `isolated` parameter, which is what
  /// isolates it.
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
