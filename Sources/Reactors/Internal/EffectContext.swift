/// One effect task: the work it runs, the scope it runs in, and the reactor and action it runs
/// for.
///
/// One object for everything the task needs, so that the `Send` handed to the work captures it
/// alone and needs no allocation of its own, and copies of the task's context are retains. The
/// task of a plain top-level `run`, which the registry needs to know of only to cancel it with
/// the reactor, is its own scope as well: one allocation for both.
///
/// It holds the reactor weakly. Every call reaches the reactor's storage for a moment, under its
/// lock, and lets it go again: no reference to the reactor or its storage is held across a
/// suspension, so a task that waits (for a `.queue` turn, on a clock, on the network) never keeps
/// a released reactor alive. Once the reactor is released, every call does nothing.
@usableFromInline final class EffectContext<R: Reactor>: EffectScope, @unchecked Sendable {
  // Safe: the fields below are `let`s of `Sendable` types; what it inherits from `EffectScope`
  // is guarded as `EffectScope` says.
  // NB: ordered so that the small fields pack at the end (see `EffectScope`).
  @usableFromInline weak let reactor: R?
  /// The scope the registry made for this work; `nil` when the context is its own scope.
  @usableFromInline let registeredScope: EffectScope?
  /// Counts the task for a leak check or a test store, if one is installed.
  @usableFromInline let taskCount: TaskCount
  @usableFromInline let work: MutationNode<R.Mutation>
  @usableFromInline let action: R.Action
  /// Whether the work waits for its `.queue` turn before it starts.
  @usableFromInline let waitsForTurn: Bool

  /// A context for work in `scope`, a scope the registry made; with `scope` `nil` the context
  /// is the scope of its own work (a plain top-level `run`).
  @inlinable init(
    reactor: R, action: R.Action, scope: EffectScope?, work: MutationNode<R.Mutation>,
    waitsForTurn: Bool, taskCount: TaskCount
  ) {
    self.reactor = reactor
    self.action = action
    self.registeredScope = scope
    self.work = work
    self.waitsForTurn = waitsForTurn
    self.taskCount = taskCount
    super.init(parent: nil, policy: .merge)
  }

  /// The scope the work runs in.
  @inlinable var scope: EffectScope { registeredScope ?? self }

  /// Calls `body` with the scope the work runs in, borrowed: `scope` retains and releases it.
  @inlinable func withScope<T>(_ body: (EffectScope) -> T) -> T {
    if let registeredScope { body(registeredScope) } else { body(self) }
  }

  /// The body of the task; inlined into the closure of its `Task` (see `EffectRunner.start`).
  @inline(__always) @inlinable func run() async {
    let mayRun = waitsForTurn ? await waitForTurn() : true
    if mayRun {
      await EffectRunner.start(work, context: self)
    }
    if let reactor { withScope { reactor.runtime.storage.end($0) } }
    taskCount.taskEnded()
  }

  /// What the work sends its mutations through.
  @inlinable var send: Send<R.Mutation> {
    Send { [self] mutation in emit(mutation) }
  }

  @inlinable func emit(_ mutation: R.Mutation) {
    guard let reactor else { return }
    withScope { reactor.runtime.storage.emit(mutation, in: $0, reactor) }
  }

  /// Whether the work's scope is active, read under the reactor's lock; `false` once the reactor
  /// is released.
  @inlinable var isStillActive: Bool {
    reactor?.runtime.storage.isActive(scope) ?? false
  }

  /// Registers scoped work nested in this task's.
  @inlinable func register(
    _ specification: ScopeSpecification
  )
    -> EffectRegistry<R.Action>.Registration
  {
    reactor?.runtime.storage.register(specification, parent: scope, action: action) ?? .skip
  }

  /// Starts the task of nested scoped work.
  @inlinable func launch(
    _ node: MutationNode<R.Mutation>, in scope: EffectScope, waitsForTurn: Bool
  ) -> Task<Void, Never>? {
    guard let reactor else { return nil }
    return reactor.runtime.storage.launch(
      node, in: scope, waitsForTurn: waitsForTurn, action: action, reactor)
  }

  /// Ends a scope whose work will never run.
  @inlinable func finish(_ scope: EffectScope) {
    reactor?.runtime.storage.finish(scope)
  }

  @inlinable func cancel(id: EffectID) {
    reactor?.runtime.storage.cancel(id: id)
  }

  @inlinable func report(_ error: any Error) {
    reactor?.runtime.storage.report(error)
  }

  /// Waits until a `.queue` scope may run; `false` if it was cancelled meanwhile, or if the
  /// reactor is released (which cancels it).
  @inline(never) @inlinable func waitForTurn() async -> Bool {
    await withTaskCancellationHandler {
      await withUnsafeContinuation { continuation in
        // The reactor is held only while the continuation is handed over, not while it waits.
        guard let reactor else { return continuation.resume(returning: false) }
        reactor.runtime.storage.awaitTurn(of: scope, continuation)
      }
    } onCancel: {
      reactor?.runtime.storage.cancel(scope)
    }
  }
}
