/// Who hears of a new state: taken under the lock when the state is committed, told outside it.
///
/// A snapshot: an observer that unsubscribes while a state is being published may still get
/// that one state; one that subscribes meanwhile gets it as its first (replayed) state instead.
@usableFromInline struct Audience<Action: Sendable, Mutation: Sendable, State: Sendable> {
  /// The first synchronous observer, the only one most reactors have.
  @usableFromInline let first: StateObserver<State>?
  /// Everyone else, when there is anyone else; `nil` keeps the common case to one optional.
  @usableFromInline let rest: Rest?

  /// An immutable snapshot, shared by every state published until the audience changes: a
  /// reference keeps `Audience` small enough to pass around in registers.
  @usableFromInline final class Rest {
    @usableFromInline let observers: [StateObserver<State>]
    @usableFromInline let consumers: [StateBuffer<State>]
    @usableFromInline let hooks: RuntimeHooks<Action, Mutation, State>?

    @usableFromInline init(
      observers: [StateObserver<State>], consumers: [StateBuffer<State>],
      hooks: RuntimeHooks<Action, Mutation, State>?
    ) {
      self.observers = observers
      self.consumers = consumers
      self.hooks = hooks
    }
  }

  @inlinable init(first: StateObserver<State>?, rest: Rest?) {
    self.first = first
    self.rest = rest
  }
}
