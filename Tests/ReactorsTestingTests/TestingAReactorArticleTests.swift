import ReactorsTesting
import Testing

/// The failure that `Documentation/ReactorsTesting.docc/TestingAReactor.md` shows. The article's
/// samples themselves are compiled and run by `Scripts/check-adoption.sh`, from the article's text.
@Suite(.timeLimit(.minutes(1))) struct TestingAReactorArticleTests {
  @Test func theFailureShownInTheArticleIsTheOneRecorded() async {
    let failures = await recordedFailures {
      let clock = TestClock()
      let client = SearchClient(search: { query in ["\(query)-result"] })
      let store = TestStore(SearchReactor(client: client, clock: clock))
      await store.send(.updateQuery("swift")) { $0.query = "swift" }
      await clock.advance(by: .milliseconds(300))
      await store.receive(.setResults(["swift-result"])) { $0.results = ["swift"] }
    }

    #expect(
      failures.map(\.message) == [
        """
        The state after receiving .setResults(["swift-result"]) is not the expected one: \
        (- expected, + actual)

          State(
            query: "swift",
            results: [
        -     "swift"
        +     "swift-result"
            ],
            error: nil
          )
        """
      ])
  }
}

// MARK: - Fixtures (as in the article)

private struct SearchClient: Sendable {
  var search: @Sendable (_ query: String) async throws -> [String]
}

private final class SearchReactor: Reactor {
  enum Action: Equatable {
    case updateQuery(String)
  }

  enum Mutation: Equatable {
    case setQuery(String)
    case setResults([String])
    case setError(String)
  }

  struct State: Equatable {
    var query = ""
    var results: [String] = []
    var error: String?
  }

  let initialState = State()
  let runtime = Runtime()
  private let client: SearchClient
  private let clock: any Clock<Duration>

  init(client: SearchClient, clock: any Clock<Duration> = ContinuousClock()) {
    self.client = client
    self.clock = clock
  }

  func mutate(action: Action) -> Mutations<Mutation> {
    switch action {
    case .updateQuery(let query):
      return .concat(
        .just(.setQuery(query)),
        .run { [client] send in
          send(.setResults(try await client.search(query)))
        } catch: { error, send in
          send(.setError("\(error)"))
        }
        .debounce(id: "search", for: .milliseconds(300), clock: clock)
      )
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setQuery(let query):
      state.query = query
    case .setResults(let results):
      state.results = results
      state.error = nil
    case .setError(let message):
      state.error = message
    }
    return state
  }
}
