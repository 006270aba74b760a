import Reactors

/// The counter as a reactor: each action answers with one immediate mutation.
final class CounterReactor: Reactor {
  typealias Action = CounterAction
  typealias Mutation = CounterMutation
  typealias State = CounterState

  let initialState = CounterState()
  let runtime = Runtime()

  func mutate(action: CounterAction) -> Mutations<CounterMutation> {
    .just(counterMutation(for: action))
  }

  func reduce(state: CounterState, mutation: CounterMutation) -> CounterState {
    reduceCounter(state, mutation)
  }
}
