/// One piece of a reactor's step: what a thread that finds a step running leaves in the queue
/// for the thread that runs it.
///
/// The thread that owns the step performs the queued pieces in order before the step ends, so
/// every piece — from any thread — is reduced and published in one order.
@usableFromInline enum StepWork<Action: Sendable, Mutation: Sendable, State: Sendable> {
  /// An action as sent: the `take(until:)` predicates see it, then `transform(action:)`.
  case send(Action)
  /// An action as sent by a test store, which is told when its step begins and ends to perform
  /// it (`true`, then `false`): what is reduced in between are the action's immediate mutations.
  case observedSend(Action, around: @Sendable (_ isPerforming: Bool) -> Void)
  /// An action out of `transform(action:)`, for `mutate`.
  case action(Action)
  /// A mutation sent by an effect in `scope`, for `transform(mutation:)` and `reduce`.
  case mutation(Mutation, EffectScope)
  /// A mutation out of `transform(mutation:)`, for `reduce`; `origin` is the scope of the effect
  /// that sent it, if any, so a cancelled effect's mutation is dropped after the transform too.
  case transformedMutation(Mutation, origin: EffectScope?)
  /// An effect task returned; its scope ends behind the mutations it queued before.
  case effectEnded(EffectScope)
  /// A state out of `transform(state:)`, for the observers.
  case state(State)
  /// A new synchronous observer, handed the current state first.
  case observe(StateObserver<State>)
  /// Observers removed while the step's owner may be handing them a state: kept until it has
  /// finished what it was doing, then released.
  case retire(StateObserver<State>)
  /// A new `StateSequence` consumer, handed the current state first.
  case subscribe(StateBuffer<State>)
  /// Stub mode: a state set without `reduce`, for the observers.
  case replaceState(State)
  /// Runs once everything queued before it has been performed; how a test waits for its send.
  case barrier(@Sendable () -> Void)
}
