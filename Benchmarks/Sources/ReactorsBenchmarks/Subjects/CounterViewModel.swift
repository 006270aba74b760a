import OpenCombine

/// Seed 001's approach (a view model with a published value, `map`, then a subscriber), on
/// OpenCombine: a `CurrentValueSubject` holds the state, the view maps it and sinks it.
final class CounterViewModel {
  let state = CurrentValueSubject<CounterState, Never>(CounterState())

  /// The view model's action method: computes the next state and publishes it.
  func send(_ action: CounterAction) {
    state.send(reduceCounter(state.value, counterMutation(for: action)))
  }
}
