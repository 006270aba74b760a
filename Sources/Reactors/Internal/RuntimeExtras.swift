/// What only some reactors use, guarded by the runtime's lock like the core that points to it.
///
/// NB: the fields are `@exclusivity(unchecked)`: the runtime's mutex already serialises every
/// access, and the dynamic checks cost about 5% of an effect's instructions (callgrind).
@usableFromInline final class RuntimeExtras<Action: Sendable, Mutation: Sendable, State: Sendable> {
  @usableFromInline typealias Work = StepWork<Action, Mutation, State>

  /// Work that arrived while a step was running, first in first out from `pendingHead`; the
  /// owner takes each piece out (`nil` is left behind), so the queue holds no copy of work done.
  @exclusivity(unchecked) @usableFromInline var pending: [Work?] = []
  @exclusivity(unchecked) @usableFromInline var pendingHead = 0
  /// Buffers of `StateSequence` consumers.
  @exclusivity(unchecked) @usableFromInline var consumers: [StateBuffer<State>] = [] {
    didSet { audienceRest = nil }
  }
  /// The relays of overridden `transform` hooks; set once, by the step that starts the reactor,
  /// so the thread that owns a later step may read it without the lock.
  @exclusivity(unchecked) @usableFromInline var pipeline: Pipeline<Action, Mutation, State>?
  /// With `transform(state:)`, the last state that came out of it: what new observers replay.
  @exclusivity(unchecked) @usableFromInline var published: State?
  /// Running effects and their cancellation rules.
  @exclusivity(unchecked) @usableFromInline var effects = EffectRegistry<Action>()
  /// Tasks waiting in `waitUntilIdle()`.
  @exclusivity(unchecked) @usableFromInline var idleWaiters:
    [ObjectIdentifier: CheckedContinuation<Void, Never>] = [:]
  /// Diagnostics, the test probe, stub mode.
  @exclusivity(unchecked) @usableFromInline var hooks: RuntimeHooks<Action, Mutation, State>? {
    didSet { audienceRest = nil }
  }
  /// The recorder given to the runtime's initializer, if any, for the actions as sent (the hooks
  /// hold it too, for the mutations). Set once, before the runtime can be shared, and never
  /// changed: the step's owner reads it without the lock.
  @exclusivity(unchecked) @usableFromInline var recorder: RecordingSession<Action, Mutation>?
  /// The snapshot of the consumers and hooks that each new state is published to; made again only
  /// after one of them changes, so committing a state copies one reference.
  @exclusivity(unchecked) @usableFromInline var audienceRest:
    Audience<Action, Mutation, State>.Rest?
  /// While the step's thread hands a value to a `transform` hook, that thread: what the hook
  /// returns synchronously is performed right away, inside the step, instead of being queued.
  @exclusivity(unchecked) @usableFromInline var relayingThread: ThreadIdentity?
  /// How deeply nested those hand-overs are (an action's mutation's state).
  @exclusivity(unchecked) @usableFromInline var relayingDepth = 0
  /// The child reactors attached to this one; released (ending them) with the reactor.
  @exclusivity(unchecked) var children: ChildRegistry?

  @usableFromInline init() {}

  /// The next queued work, or `nil` when the queue is empty.
  @inlinable func nextPendingWork() -> Work? {
    guard nextPendingWorkExists else { return nil }
    defer { pendingHead += 1 }
    return pending[pendingHead].take()
  }

  /// Whether work is queued; forgets the work already performed when none is.
  @inlinable var nextPendingWorkExists: Bool {
    if pendingHead < pending.count { return true }
    if !pending.isEmpty {
      pending.removeAll(keepingCapacity: true)
      pendingHead = 0
    }
    return false
  }

  /// Whether a step may skip everything optional: no `transform` hook, no diagnostics, probe or
  /// stub, no recorder, no `take(until:)` work waiting for an action.
  @inlinable var isPlain: Bool {
    pipeline == nil && hooks == nil && recorder == nil && !effects.hasStopConditions
  }

  /// Everyone but the synchronous observers who hears of a new state, or `nil` if nobody does.
  @inlinable var restOfAudience: Audience<Action, Mutation, State>.Rest? {
    if let audienceRest { return audienceRest }
    if consumers.isEmpty, hooks == nil { return nil }
    let rest = Audience<Action, Mutation, State>.Rest(consumers: consumers, hooks: hooks)
    audienceRest = rest
    return rest
  }

  /// Whether `thread` is the step's thread handing a value to a `transform` hook right now.
  @inlinable func isRelaying(on thread: ThreadIdentity) -> Bool {
    relayingDepth > 0 && relayingThread == thread
  }
}
