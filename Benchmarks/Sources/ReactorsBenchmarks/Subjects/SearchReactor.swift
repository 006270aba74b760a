import Reactors
import Synchronization

/// A search-as-you-type reactor: each query is applied at once and starts a 1 ms search whose
/// result must land only if no newer query came meanwhile (`.latest`).
final class SearchReactor: Reactor {
  enum Action: Sendable {
    case updateQuery(Int)
  }

  enum Mutation: Sendable {
    case setQuery(Int)
    case setResults(query: Int)
  }

  struct State: Sendable {
    var query = 0
    /// The query whose results are shown.
    var resultsQuery: Int?
    /// Results applied for a query other than the current one: must stay zero.
    var staleApplied = 0
  }

  /// The identity of the search work, shared by every run so that `.latest` supersedes.
  private enum SearchID: Hashable, Sendable {
    case search
  }

  let initialState = State()
  let runtime = Runtime()
  private let searchTime: Duration
  private let started = RunCounter()

  /// How many runs a task started: the others were superseded before their task took them.
  var runsStarted: Int { started.value }

  init(searchTime: Duration = .milliseconds(1)) {
    self.searchTime = searchTime
  }

  func mutate(action: Action) -> Mutations<Mutation> {
    switch action {
    case .updateQuery(let query):
      return .concat(
        .just(.setQuery(query)),
        .run { [searchTime, started] send in
          started.increment()
          try await Task.sleep(for: searchTime)
          send(.setResults(query: query))
        }
        .cancellable(id: SearchID.search, policy: .latest)
      )
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setQuery(let query):
      state.query = query
    case .setResults(let query):
      if query != state.query { state.staleApplied += 1 }
      state.resultsQuery = query
    }
    return state
  }
}

/// Counts the runs that started, from any thread.
final class RunCounter: Sendable {
  private let count = Atomic(0)

  var value: Int { count.load(ordering: .relaxed) }

  func increment() {
    count.wrappingAdd(1, ordering: .relaxed)
  }
}
