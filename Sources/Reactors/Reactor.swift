/// A type that turns user actions into state, in one direction: action → mutation → state.
///
/// A view sends an ``Action``. The reactor's ``mutate(action:)`` answers with ``Mutations``:
/// immediate mutations and asynchronous work that emits more of them. Each ``Mutation`` goes
/// through the pure ``reduce(state:mutation:)``, and every new ``State`` reaches the observers.
///
/// ```swift
/// final class CounterReactor: Reactor {
///   enum Action { case increase }
///   enum Mutation { case increaseValue }
///   struct State { var value = 0 }
///
///   let initialState = State()
///   let runtime = Runtime()
///
///   func mutate(action: Action) -> Mutations<Mutation> {
///     .just(.increaseValue)
///   }
///
///   func reduce(state: State, mutation: Mutation) -> State {
///     var state = state
///     state.value += 1
///     return state
///   }
/// }
///
/// let counter = CounterReactor()
/// counter.send(.increase)
/// counter.currentState.value  // 1: immediate mutations are reduced before `send` returns
/// ```
///
/// Conforming types are final classes. The one stored line `let runtime = Runtime()` holds the
/// reactor's state, observers and running effects; because the reactor owns it, everything the
/// reactor started ends when the reactor is released, on every platform.
///
/// > Important: `send` may be called from any thread or task. ``mutate(action:)``,
/// > ``reduce(state:mutation:)`` and synchronous observers run one at a time, in order, on the
/// > thread that runs the reactor's step — the sender's, unless another thread is in the middle
/// > of a step, which then performs the action for it. They run with the reactor unlocked, so
/// > they may read ``currentState`` and send to any reactor, this one included, without
/// > deadlocking; keep them quick and never block in them.
public protocol Reactor: AnyObject, Sendable {
  /// What the user does: taps, text changes, page requests.
  associatedtype Action: Sendable

  /// A change to apply to the state; defaults to ``Action`` for reactors that need no effects.
  associatedtype Mutation: Sendable = Action

  /// Everything a view needs to render.
  associatedtype State: Sendable

  /// The state before any action; read once, when the reactor is first used.
  var initialState: State { get }

  /// The reactor's engine; declare it as `let runtime = Runtime()`.
  var runtime: ReactorRuntime<Action, Mutation, State> { get }

  /// Answers an action with the mutations it causes, now and later.
  func mutate(action: Action) -> Mutations<Mutation>

  /// Returns the state after applying one mutation; a pure function.
  func reduce(state: State, mutation: Mutation) -> State

  /// Rewrites the stream of actions before they reach ``mutate(action:)``; identity by default.
  func transform(action: Signal<Action>) -> Signal<Action>

  /// Rewrites the stream of mutations before they reach ``reduce(state:mutation:)``; identity by
  /// default.
  func transform(mutation: Signal<Mutation>) -> Signal<Mutation>

  /// Rewrites the stream of states before observers see them; identity by default.
  func transform(state: Signal<State>) -> Signal<State>
}
