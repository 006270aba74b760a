import Reactors

/// A reactor whose state has members of every kind a member stream or an `ObservedReactor`
/// reader may read: plain, nested, computed, not `Equatable`, and rows of a list.
final class FormReactor: Reactor {
  typealias Mutation = Action

  enum Action: Sendable {
    case type(String)
    case setLoading(Bool)
    case setResults([String])
    case star(Bool)
    case stamp
    case renameRow(Int, String)
  }

  struct Filter: Sendable, Equatable {
    var isStarred = false
  }

  /// A member that is not `Equatable`: a reader cannot tell its change from a repeat.
  struct Stamp: Sendable {
    var count = 0
  }

  struct State: Sendable {
    var query = ""
    var isLoading = false
    var results: [String] = []
    var filter = Filter()
    var stamp = Stamp()
    var rows: [String]

    var resultCount: Int { results.count }
  }

  let initialState: State
  let runtime = Runtime()

  init(rows: Int = 0) {
    initialState = State(rows: (0..<rows).map { "row \($0)" })
  }

  func mutate(action: Action) -> Mutations<Mutation> {
    .just(action)
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .type(let query): state.query = query
    case .setLoading(let isLoading): state.isLoading = isLoading
    case .setResults(let results): state.results = results
    case .star(let isStarred): state.filter.isStarred = isStarred
    case .stamp: state.stamp.count += 1
    case .renameRow(let index, let title):
      if state.rows.indices.contains(index) { state.rows[index] = title }
    }
    return state
  }
}
