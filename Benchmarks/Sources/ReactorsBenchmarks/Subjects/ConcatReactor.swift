import Reactors

/// A counter whose every action answers with two immediate mutations, in order.
final class ConcatReactor: Reactor {
  typealias Action = CounterAction
  typealias Mutation = CounterMutation
  typealias State = CounterState

  let initialState = CounterState()
  let runtime = Runtime()

  func mutate(action: CounterAction) -> Mutations<CounterMutation> {
    let mutation = counterMutation(for: action)
    return .concat(.just(mutation), .just(mutation))
  }

  func reduce(state: CounterState, mutation: CounterMutation) -> CounterState {
    reduceCounter(state, mutation)
  }
}
