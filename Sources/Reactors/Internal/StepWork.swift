/// One piece of a reactor's step: what a thread that finds a step running leaves in the queue
/// for the thread that owns it, which performs the pieces in order before the step ends.
@usableFromInline enum StepWork<Action: Sendable, Mutation: Sendable, State: Sendable> {
  /// An action as sent from an actor, where its effects start (`nil`: none): the `take(until:)`
  /// predicates see it, then `transform(action:)`.
  case send(Action, from: (any Actor)?)
  /// An action as sent by a test store, which is told when its step begins (`true`) and ends
  /// (`false`) to perform it: what is reduced in between are the action's immediate mutations.
  case observedSend(Action, around: @Sendable (_ isPerforming: Bool) -> Void)
  /// An action out of `transform(action:)`, for `mutate`.
  case action(Action)
  /// A mutation sent by an effect in `scope`, for `transform(mutation:)` and `reduce`.
  case mutation(Mutation, EffectScope)
  /// A mutation out of `transform(mutation:)`, for `reduce`; `origin` is the scope of the effect
  /// that sent it, so a mutation of an effect cancelled meanwhile is dropped after the hook too.
  case transformedMutation(Mutation, origin: EffectScope?)
  /// An effect task returned; its scope ends behind the mutations it queued before.
  case effectEnded(EffectScope)
  /// A state out of `transform(state:)`, for the listeners.
  case state(State)
  /// A new listener, handed the current state first, in order with every other state.
  case listen(Listener<State>)
  /// Stub mode: a state set without `reduce`, for the listeners.
  case replaceState(State)
  /// Runs once everything queued before it has been performed; how a test waits for its send.
  case barrier(@Sendable () -> Void)
}
