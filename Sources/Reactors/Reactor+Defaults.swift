extension Reactor {
  /// The type of ``Reactor/runtime``; lets a conforming class write `let runtime = Runtime()`.
  public typealias Runtime = ReactorRuntime<Action, Mutation, State>

  /// Passes actions through unchanged; the runtime recognises this default and skips the stream.
  public func transform(action: Signal<Action>) -> Signal<Action> { action }

  /// Passes mutations through unchanged; the runtime recognises this default and skips the stream.
  public func transform(mutation: Signal<Mutation>) -> Signal<Mutation> { mutation }

  /// Passes states through unchanged; the runtime recognises this default and skips the stream.
  public func transform(state: Signal<State>) -> Signal<State> { state }
}

extension Reactor where Mutation == Action {
  /// Applies every action directly as a mutation, for reactors without effects.
  public func mutate(action: Action) -> Mutations<Mutation> { .just(action) }
}
