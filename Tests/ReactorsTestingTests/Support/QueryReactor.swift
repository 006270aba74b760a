import Reactors

/// Searches as the query changes, after a debounce on an injected clock; also loads, fails,
/// and waits on a gate; for the tests of `receive` and of `ImmediateClock`.
final class QueryReactor: Reactor {
  enum Failure: Error, Equatable {
    case offline
  }

  enum Action {
    case updateQuery(String)
    case load
    case fail
    case doNothing
    /// Runs an effect that waits on the gate, not on a clock, until the test opens it.
    case hang(Gate)
    /// Sends `.setLoading(false)` once the test opens the gate.
    case stopLoading(after: Gate)
  }

  enum Mutation: Equatable {
    case setQuery(String)
    case setResults([String])
    case setLoading(Bool)
  }

  struct State: Equatable {
    var query = ""
    var results: [String] = []
    var isLoading = false
  }

  let initialState = State()
  let runtime = Runtime()
  private let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) {
    self.clock = clock
  }

  func mutate(action: Action) -> Mutations<Mutation> {
    switch action {
    case .updateQuery(let query):
      .concat(
        .just(.setQuery(query)),
        .run { send in send(.setResults(["\(query)-result"])) }
          .debounce(id: "search", for: .milliseconds(300), clock: clock)
      )
    case .load:
      .concat(
        .just(.setLoading(true)),
        .run { send in
          send(.setResults(["a"]))
          send(.setLoading(false))
        }
      )
    case .fail:
      .run { _ in throw Failure.offline }
    case .doNothing:
      .none
    case .hang(let gate):
      .run { _ in await gate.wait() }
    case .stopLoading(let gate):
      .run { send in
        await gate.wait()
        send(.setLoading(false))
      }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setQuery(let query): state.query = query
    case .setResults(let results): state.results = results
    case .setLoading(let isLoading): state.isLoading = isLoading
    }
    return state
  }
}
