import Reactors

/// A list as a reactor: each action renames one row, as a list's cell would edit its own.
final class RowsReactor: Reactor {
  enum Action: Sendable {
    case rename(row: Int, to: String)
  }

  struct State: Sendable {
    var rows: [String]
  }

  typealias Mutation = Action

  let initialState: State
  let runtime = Runtime()

  init(rows: Int) {
    initialState = State(rows: (0..<rows).map { "row \($0)" })
  }

  func mutate(action: Action) -> Mutations<Action> {
    .just(action)
  }

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    switch mutation {
    case .rename(let row, let title):
      if state.rows.indices.contains(row) { state.rows[row] = title }
    }
    return state
  }
}
