import ReactorsTesting
import Testing

@Suite(.timeLimit(.minutes(1))) struct TestStoreSendTests {
  @Test func sendAssertsTheStateAfterAllImmediateMutations() async {
    let store = TestStore(CounterReactor())

    await store.send(.incrementTwice) { $0.count = 2 }

    #expect(store.state.count == 2)
    await store.finish()
  }

  @Test func sendWithoutAClosurePassesWhenTheStateDoesNotChange() async {
    let store = TestStore(CounterReactor())

    await store.send(.doNothing)

    await store.finish()
  }

  @Test func sendReportsAWrongStateAsADiff() async {
    let failures = await recordedFailures {
      let store = TestStore(CounterReactor())
      await store.send(.updateQuery("swift")) { $0.query = "swif" }
    }

    #expect(
      failures.map(\.message) == [
        """
        The state after send(.updateQuery("swift")) is not the expected one: (- expected, + actual)

          State(
        -   query: "swif",
        +   query: "swift",
            count: 0,
            results: []
          )
        """
      ])
  }

  @Test func sendReportsAStateChangeThatNoClosureAsserted() async {
    let failures = await recordedFailures {
      let store = TestStore(CounterReactor())
      await store.send(.incrementTwice)
    }

    #expect(
      failures.map(\.message) == [
        """
        send(.incrementTwice) changed the state, but no change was asserted: (- expected, + actual)

          State(
            query: "",
        -   count: 0,
        +   count: 2,
            results: []
          )
        """
      ])
  }

  @Test func sendReportsMutationsLeftUnreceivedBeforeIt() async {
    let failures = await recordedFailures {
      let store = TestStore(CounterReactor())
      await store.send(.load)
      await store.reactor.waitUntilIdle()
      await store.send(.doNothing)
      await store.finish()
    }

    #expect(
      failures.map(\.message) == [
        """
        1 mutation from effects was not received before sending .doNothing:
          .setResults(["a"])
        Assert it with `await store.receive(...)`.
        """
      ])
  }

  @Test func sendReportsAnUnhandledErrorLeftUnasserted() async {
    let failures = await recordedFailures {
      let store = TestStore(CounterReactor())
      await store.send(.fail)
      await store.reactor.waitUntilIdle()
      await store.send(.doNothing)
    }

    #expect(failures.count == 1)
    #expect(failures.first?.message.hasPrefix("An effect threw FixtureError: .offline") == true)
  }

  @Test func sendReportsAStateClosureThatThrows() async {
    let failures = await recordedFailures {
      let store = TestStore(CounterReactor())
      await store.send(.updateQuery("swift")) { _ in throw FixtureError.offline }
    }

    #expect(
      failures.map(\.message) == [
        #"The state closure of send(.updateQuery("swift")) threw FixtureError: .offline."#
      ])
  }

  @Test func aFailureDoesNotCascadeIntoTheNextSend() async {
    let failures = await recordedFailures {
      let store = TestStore(CounterReactor())
      await store.send(.incrementTwice) { $0.count = 1 }
      await store.send(.incrementTwice) { $0.count = 4 }
      await store.finish()
    }

    #expect(failures.count == 1)
  }

  @Test func aFailurePointsAtTheLineOfTheCall() async {
    var line = 0
    let failures = await recordedFailures {
      let store = TestStore(CounterReactor())
      line = #line + 1
      await store.send(.incrementTwice)
    }

    #expect(failures.map(\.line) == [line])
  }

  @Test func anActionHeldBackByTransformIsReceived() async {
    let clock = TestClock()
    let store = TestStore(DebouncedActionReactor(clock: clock))

    await store.send(.increment)
    await clock.advance(by: .milliseconds(100))
    await store.receive(.increment) { $0.count = 1 }

    await store.finish()
  }
}

// MARK: - Fixtures

private enum FixtureError: Error {
  case offline
}

private final class CounterReactor: Reactor {
  enum Action {
    case updateQuery(String)
    case incrementTwice
    case doNothing
    case load
    case fail
  }

  enum Mutation: Equatable {
    case setQuery(String)
    case increment
    case setResults([String])
  }

  struct State: Equatable {
    var query = ""
    var count = 0
    var results: [String] = []
  }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Mutations<Mutation> {
    switch action {
    case .updateQuery(let query): .just(.setQuery(query))
    case .incrementTwice: .concat(.just(.increment), .just(.increment))
    case .doNothing: .none
    case .load: .run { send in send(.setResults(["a"])) }
    case .fail: .run { _ in throw FixtureError.offline }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setQuery(let query): state.query = query
    case .increment: state.count += 1
    case .setResults(let results): state.results = results
    }
    return state
  }
}

/// Debounces its actions in `transform(action:)`: their mutations come after `send` returns.
private final class DebouncedActionReactor: Reactor {
  enum Action: Equatable { case increment }
  struct State: Equatable { var count = 0 }

  let initialState = State()
  let runtime = Runtime()
  let clock: TestClock

  init(clock: TestClock) {
    self.clock = clock
  }

  func transform(action: Signal<Action>) -> Signal<Action> {
    action.debounce(for: .milliseconds(100), clock: clock)
  }

  func reduce(state: State, mutation: Action) -> State {
    State(count: state.count + 1)
  }
}
