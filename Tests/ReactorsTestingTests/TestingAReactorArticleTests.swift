import ReactorsTesting
import Testing
import XCTest

/// The examples of `Documentation/Reactors.docc/TestingAReactor.md`, kept compiling and passing.
@Suite struct TestingAReactorArticleTests {
  @Test func settingResultsClearsTheError() {
    let reactor = SearchReactor(client: SearchClient(search: { _ in [] }))
    let before = SearchReactor.State(query: "swift", error: "offline")

    let after = reactor.reduce(state: before, mutation: .setResults(["swift-nio"]))

    #expect(after == SearchReactor.State(query: "swift", results: ["swift-nio"], error: nil))
  }

  @Test func searchingShowsTheResultsOfTheLatestQuery() async {
    let clock = TestClock()
    let client = SearchClient(search: { query in ["\(query)-result"] })
    let store = TestStore(SearchReactor(client: client, clock: clock))

    await store.send(.updateQuery("sw")) { $0.query = "sw" }
    await clock.advance(by: .milliseconds(200))
    await store.send(.updateQuery("swift")) { $0.query = "swift" }  // "sw" is cancelled.
    await clock.advance(by: .milliseconds(300))
    await store.receive(.setResults(["swift-result"])) { $0.results = ["swift-result"] }

    await store.finish()
  }

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

  @Test func theViewSendsTheQueryAndRendersTheResults() {
    let reactor = SearchReactor(client: SearchClient(search: { _ in [] }))
    let stub = ReactorStub(reactor)
    let view = SearchView(reactor: reactor)

    view.type("swift")
    #expect(stub.actions == [.updateQuery("swift")])

    stub.state.results = ["swift-nio", "swift-log"]
    #expect(view.renderedRows == ["swift-nio", "swift-log"])
  }

  @Test func aPendingSearchDoesNotKeepTheReactorAlive() async {
    let clock = TestClock()
    let client = SearchClient(search: { query in [query] })

    await withLeakCheck(SearchReactor(client: client, clock: clock)) { reactor in
      let store = TestStore(reactor)
      await store.send(.updateQuery("swift")) { $0.query = "swift" }
      // The debounced search is still waiting for the clock when the test ends.
    }
  }
}

final class SearchReactorXCTests: XCTestCase {
  func testSearching() async {
    let clock = TestClock()
    let store = TestStore(
      SearchReactor(client: SearchClient(search: { ["\($0)-result"] }), clock: clock))

    await store.send(.updateQuery("swift")) { $0.query = "swift" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.setResults(["swift-result"])) { $0.results = ["swift-result"] }
    await store.finish()
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

/// A view as small as the article needs: it sends what the user types and renders the results.
private final class SearchView: @unchecked Sendable {
  // Safe: `rows` is written by the observer, which runs synchronously inside `send` and
  // `_replaceState` on the test's thread, and read by the test on that thread after them.
  private let reactor: SearchReactor
  private var rows: [String] = []
  private var observation: StateObservation?

  init(reactor: SearchReactor) {
    self.reactor = reactor
    observation = reactor.observe { [weak self] state in self?.rows = state.results }
  }

  var renderedRows: [String] { rows }

  func type(_ text: String) {
    reactor.send(.updateQuery(text))
  }
}
