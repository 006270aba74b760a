import Reactors

/// A reactor that performs the effect each action carries, and logs what those effects send.
final class EffectLogReactor: Reactor {
  enum Action {
    case perform(Mutations<Mutation>)
  }
  enum Mutation: Sendable {
    case append(String)
  }
  struct State: Sendable, Equatable {
    var log: [String] = []
  }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Mutations<Mutation> {
    switch action {
    case .perform(let mutations): mutations
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .append(let entry): state.log.append(entry)
    }
    return state
  }
}
