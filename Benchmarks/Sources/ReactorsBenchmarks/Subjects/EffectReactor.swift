import Reactors

/// A counter whose every action starts asynchronous work that emits one mutation.
final class EffectReactor: Reactor, EffectStore {
  typealias Action = CounterAction
  typealias Mutation = CounterMutation
  typealias State = CounterState

  let initialState = CounterState()
  let runtime = Runtime()

  func mutate(action: CounterAction) -> Mutations<CounterMutation> {
    let mutation = counterMutation(for: action)
    return .run { send in send(mutation) }
  }

  func reduce(state: CounterState, mutation: CounterMutation) -> CounterState {
    reduceCounter(state, mutation)
  }

  /// `EffectStore`'s `start`, from a nonisolated caller: its effects start on the global executor.
  func start(_ action: CounterAction) {
    send(action, isolation: nil)
  }
}
