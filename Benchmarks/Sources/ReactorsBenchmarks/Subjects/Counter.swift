/// The counter every synchronous benchmark drives: the seed's "+1" button, as plain values.
enum CounterAction: Sendable {
  case increase
  case decrease
}

/// What a counter action changes.
enum CounterMutation: Sendable {
  case increaseValue
  case decreaseValue
}

/// A trivial state: one integer, as the spec's "trivial state" target assumes.
struct CounterState: Sendable {
  var value = 0
}

/// The counter's whole logic, shared by the reactors, the baselines and the Combine peer.
@inline(__always)
func reduceCounter(_ state: CounterState, _ mutation: CounterMutation) -> CounterState {
  var state = state
  switch mutation {
  case .increaseValue: state.value += 1
  case .decreaseValue: state.value -= 1
  }
  return state
}

/// The counter's action-to-mutation step, for the stores that have no `mutate` of their own.
@inline(__always)
func counterMutation(for action: CounterAction) -> CounterMutation {
  switch action {
  case .increase: .increaseValue
  case .decrease: .decreaseValue
  }
}
