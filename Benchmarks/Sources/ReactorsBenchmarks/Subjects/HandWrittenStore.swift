/// A store written by hand around a lock, as the floor the runtime's synchronous path is held
/// against: made with its one observer, sent actions from one thread.
protocol HandWrittenStore: AnyObject, Sendable {
  /// Applies an action and calls the observer with the new state.
  func send(_ action: CounterAction)
  var currentState: CounterState { get }
}
