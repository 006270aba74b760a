/// What the effect benchmarks send to: a reactor, or the same work written by hand.
protocol EffectStore: AnyObject, Sendable {
  /// Starts the action's effect, which applies one mutation from a task of its own; called from
  /// a nonisolated caller. (Not named `send`, so that a main-actor benchmark calling a reactor's
  /// `send` gets the runtime's own, which learns the caller's actor.)
  func start(_ action: CounterAction)
  /// Returns once every effect started so far has ended.
  func waitUntilIdle() async
  /// The state every mutation applied so far has made.
  var currentState: CounterState { get }
}
