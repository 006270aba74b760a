import ReactorsTesting
import Testing

@Suite(.timeLimit(.minutes(1))) struct ImmediateClockTests {
  @Test func aSleepReturnsAtOnceAndMovesTheClock() async throws {
    let clock = ImmediateClock()

    try await clock.sleep(for: .seconds(2))
    try await clock.sleep(for: .milliseconds(500))

    #expect(clock.now == ImmediateClock.Instant(offset: .milliseconds(2500)))
  }

  @Test func aSleepNeverMovesTheClockBack() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(2))

    try await clock.sleep(until: ImmediateClock.Instant(offset: .seconds(1)))

    #expect(clock.now == ImmediateClock.Instant(offset: .seconds(2)))
  }

  @Test func aSleepInACancelledTaskThrows() async {
    let clock = ImmediateClock()
    let sleeper = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }

    await #expect(throws: CancellationError.self) { try await sleeper.value }
  }

  @Test func aDebounceFiresWithoutAdvancingAnything() async {
    let store = TestStore(SearchReactor(clock: ImmediateClock()))

    await store.send(.updateQuery("swift")) { $0.query = "swift" }
    await store.receive(.setResults(["swift-result"])) { $0.results = ["swift-result"] }

    await store.finish()
  }
}

// MARK: - Fixtures

private final class SearchReactor: Reactor {
  enum Action { case updateQuery(String) }

  enum Mutation: Equatable {
    case setQuery(String)
    case setResults([String])
  }

  struct State: Equatable {
    var query = ""
    var results: [String] = []
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
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setQuery(let query): state.query = query
    case .setResults(let results): state.results = results
    }
    return state
  }
}
