/// Who hears of a new state: taken under the lock when the state is committed, told outside it.
///
/// A snapshot: an observer that unsubscribes while a state is being published may still get
/// that one state; one that subscribes meanwhile gets it as its first (replayed) state instead.
@usableFromInline struct Audience<Action: Sendable, Mutation: Sendable, State: Sendable> {
  /// The synchronous observers, if any, lent by the core (see `StateObserver.lent`).
  @usableFromInline let observer: StateObserver<State>.Lent?
  /// The consumers and hooks, when there are any; `nil` keeps the common case to one optional.
  @usableFromInline let rest: Rest?

  /// An immutable snapshot, shared by every state published until the audience changes: a
  /// reference keeps `Audience` small enough to pass around in registers.
  @usableFromInline final class Rest {
    /// Retained once, when the snapshot is made, and released in `deinit`: the snapshot lends
    /// them out unretained, so a push costs no reference counting.
    @usableFromInline let consumers: [Unmanaged<StateBuffer<State>>]
    @usableFromInline let hooks: RuntimeHooks<Action, Mutation, State>?

    @usableFromInline init(
      consumers: [StateBuffer<State>], hooks: RuntimeHooks<Action, Mutation, State>?
    ) {
      self.consumers = consumers.map { .passRetained($0) }
      self.hooks = hooks
    }

    deinit {
      for consumer in consumers { consumer.release() }
    }

    /// Hands `state` to every consumer.
    ///
    /// - Returns: Whether a consumer turned out to have gone, so the runtime can forget it.
    @inlinable func push(_ state: State) -> Bool {
      var someFinished = false
      for consumer in consumers where !consumer._withUnsafeGuaranteedRef({ $0.push(state) }) {
        someFinished = true
      }
      return someFinished
    }
  }

  @inlinable init(observer: StateObserver<State>.Lent?, rest: Rest?) {
    self.observer = observer
    self.rest = rest
  }
}
