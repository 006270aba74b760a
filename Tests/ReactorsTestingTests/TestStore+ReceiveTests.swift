import ReactorsTesting
import Testing

@Suite(.timeLimit(.minutes(1))) struct TestStoreReceiveTests {
  @Test func receiveWaitsForTheDebouncedSearch() async {
    let clock = TestClock()
    let store = TestStore(QueryReactor(clock: clock))

    await store.send(.updateQuery("swift")) { $0.query = "swift" }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.setResults(["swift-result"])) { $0.results = ["swift-result"] }

    await store.finish()
  }

  @Test func aNewQueryCancelsTheDebouncedOne() async {
    let clock = TestClock()
    let store = TestStore(QueryReactor(clock: clock))

    await store.send(.updateQuery("sw")) { $0.query = "sw" }
    await clock.advance(by: .milliseconds(200))
    await store.send(.updateQuery("swift")) { $0.query = "swift" }
    await clock.advance(by: .milliseconds(200))
    await store.send(.doNothing)  // Nothing was reduced: "sw" never searched.
    await clock.advance(by: .milliseconds(100))
    await store.receive(.setResults(["swift-result"])) { $0.results = ["swift-result"] }

    await store.finish()
  }

  @Test func receiveTakesSeveralMutationsOfOneEffectInOrder() async {
    let store = TestStore(QueryReactor(clock: TestClock()))

    await store.send(.load) { $0.isLoading = true }
    await store.receive(.setResults(["a"])) { $0.results = ["a"] }
    await store.receive(.setLoading(false)) { $0.isLoading = false }

    await store.finish()
  }

  @Test func receiveReportsAnotherMutationAsADiff() async {
    let failures = await recordedFailures {
      let store = TestStore(QueryReactor(clock: TestClock()))
      await store.send(.load) { $0.isLoading = true }
      await store.receive(.setLoading(false)) { $0.isLoading = false }
      await store.receive(.setLoading(false)) { $0.isLoading = false }
    }

    #expect(
      failures.map(\.message) == [
        """
        Received a mutation other than the expected one: (- expected, + received)

        - .setLoading(false)
        + .setResults([
        +   "a"
        + ])
        """
      ])
  }

  @Test func receiveReportsAWrongStateAsADiff() async {
    let failures = await recordedFailures {
      let store = TestStore(QueryReactor(clock: TestClock()))
      await store.send(.load) { $0.isLoading = true }
      await store.receive(.setResults(["a"])) { $0.results = ["b"] }
      await store.receive(.setLoading(false)) { $0.isLoading = false }
    }

    #expect(
      failures.map(\.message) == [
        """
        The state after receiving .setResults(["a"]) is not the expected one: \
        (- expected, + actual)

          State(
            query: "",
            results: [
        -     "b"
        +     "a"
            ],
            isLoading: true
          )
        """
      ])
  }

  @Test func receiveReportsAStateChangeThatNoClosureAsserted() async {
    let failures = await recordedFailures {
      let store = TestStore(QueryReactor(clock: TestClock()))
      await store.send(.load) { $0.isLoading = true }
      await store.receive(.setResults(["a"]))
      await store.receive(.setLoading(false)) { $0.isLoading = false }
    }

    #expect(failures.count == 1)
    #expect(
      failures.first?.message.hasPrefix(
        #"receiving .setResults(["a"]) changed the state, but no change was asserted"#) == true)
    #expect(failures.first?.message.contains(#"+     "a""#) == true)
  }

  @Test func receiveFailsAtOnceWhenNoEffectCouldSendTheMutation() async {
    let failures = await recordedFailures {
      let store = TestStore(QueryReactor(clock: TestClock()))
      await store.send(.updateQuery("swift")) { $0.query = "swift" }
      store.reactor.cancel(id: "search")
      // An hour: were the failure not immediate, the suite's time limit would end the test.
      await store.receive(.setResults(["swift-result"]), timeout: .seconds(3600))
    }

    #expect(
      failures.map(\.message) == [
        #"Expected to receive .setResults(["swift-result"]), but no effect is running that could send it."#
      ])
  }

  @Test func receiveFailsAtOnceWhenEveryEffectWaitsForATestClockTheTestDidNotAdvance() async {
    // Given an effect asleep on a test clock, and a timeout far beyond the test's time limit
    let started = ContinuousClock.now
    let failures = await recordedFailures {
      let store = TestStore(QueryReactor(clock: TestClock()), timeout: .seconds(600))
      await store.send(.updateQuery("swift")) { $0.query = "swift" }
      // When the test waits for what it sends without advancing the clock
      await store.receive(.setResults(["swift-result"]))
      store.reactor.cancel(id: "search")
    }
    // Then it fails at once, naming the effect and what it waits for
    #expect(ContinuousClock.now - started < .seconds(60))  // Far from the 600 s timeout.
    #expect(
      failures.map(\.message) == [
        """
        Expected to receive .setResults(["swift-result"]), but every effect still running waits \
        for a TestClock:
          the effect of .updateQuery("swift") sleeps on a TestClock until 0.3 seconds (the clock \
        is at 0.0 seconds)
        Advance the clock (await clock.advance(by:)) before receiving.
        """
      ])
  }

  @Test func receiveWaitsForAnEffectThatIsAwakeWhileAnotherSleepsOnTheClock() async {
    // Given one effect asleep on the clock and one waiting on a gate, not on a clock
    let clock = TestClock()
    let gate = Gate()
    let store = TestStore(QueryReactor(clock: clock))
    await store.send(.updateQuery("swift")) { $0.query = "swift" }
    await clock.waitForSleepers()
    await store.send(.stopLoading(after: gate))
    // When the gate opens while the test waits
    Task {
      for _ in 0..<100 { await Task.yield() }
      gate.open()
    }
    // Then the store waits for it rather than failing at once
    await store.receive(.setLoading(false))
    await clock.advance(by: .milliseconds(300))
    await store.receive(.setResults(["swift-result"])) { $0.results = ["swift-result"] }
    await store.finish()
  }

  @Test func receiveStillWaitsWhileAnEffectIsAwakeAndFailsAfterTheTimeout() async {
    let gate = Gate()
    let failures = await recordedFailures {
      let store = TestStore(QueryReactor(clock: TestClock()))
      await store.send(.hang(gate))
      await store.receive(.setResults(["swift-result"]), timeout: .milliseconds(50))
    }
    gate.open()

    #expect(failures.count == 1)
    #expect(
      failures.first?.message.hasPrefix(
        #"Expected to receive .setResults(["swift-result"]), but none came within 0.05 seconds"#)
        == true)
    #expect(failures.first?.message.contains("Does one wait for a TestClock") == true)
  }

  @Test func receiveWhereChecksMutationsThatAreNotEquatable() async {
    let store = TestStore(LoaderReactor())

    await store.send(.load)
    await store.receive(where: { if case .loaded = $0 { true } else { false } }) {
      $0.count = 3
    }

    await store.finish()
  }

  @Test func receiveWhereReportsAMutationThatDoesNotMatch() async {
    let failures = await recordedFailures {
      let store = TestStore(LoaderReactor())
      await store.send(.load)
      await store.receive(where: { if case .failed = $0 { true } else { false } })
    }

    #expect(
      failures.map(\.message) == [
        """
        Received a mutation that does not match the predicate:

        .loaded(Payload(
          count: 3
        ))
        """
      ])
  }

  @Test func receiveUnhandledErrorReturnsTheErrorAnEffectThrew() async {
    let store = TestStore(QueryReactor(clock: TestClock()))

    await store.send(.fail)
    let error = await store.receiveUnhandledError()

    #expect(error as? QueryReactor.Failure == .offline)
    await store.finish()
  }

  @Test func receiveUnhandledErrorFailsWhenNoneCame() async {
    let failures = await recordedFailures {
      let store = TestStore(QueryReactor(clock: TestClock()))
      await store.send(.doNothing)
      // An hour: were the failure not immediate, the suite's time limit would end the test.
      await store.receiveUnhandledError(timeout: .seconds(3600))
    }

    #expect(
      failures.map(\.message) == [
        "Expected to receive an unhandled error, but no effect is running that could send it."
      ])
  }

  @Test func receiveUnhandledErrorWaitsForAnEffectThatStartedBeforeTheStore() async {
    // Given an effect the store's tracker never saw start
    let reactor = QueryReactor(clock: TestClock())
    let gate = Gate()
    reactor.send(.hang(gate))
    // When an unhandled error is awaited
    let failures = await recordedFailures {
      let store = TestStore(reactor)
      await store.receiveUnhandledError(timeout: .milliseconds(50))
    }
    gate.open()
    // Then the wait lasts the timeout, as that effect might still throw
    #expect(failures.count == 1)
    #expect(failures.first?.message.contains("while 1 effect was running") == true)
  }

  @Test func receiveWaitsForMutationsMergedByTransform() async {
    let (events, continuation) = AsyncStream<Int>.makeStream()
    let store = TestStore(EventReactor(events: events))

    continuation.yield(7)
    await store.receive(7) { $0.last = 7 }

    continuation.finish()
    await store.finish()
  }
}

// MARK: - Fixtures

/// Its mutations are not `Equatable`.
private final class LoaderReactor: Reactor {
  struct Payload: Sendable { var count: Int }
  enum Action { case load }
  enum Mutation {
    case loaded(Payload)
    case failed(any Error)
  }
  struct State: Equatable { var count = 0 }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Mutations<Mutation> {
    .run { send in send(.loaded(Payload(count: 3))) }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    guard case .loaded(let payload) = mutation else { return state }
    return State(count: payload.count)
  }
}

/// Merges an outside stream of events into its mutations, in a task the runtime does not count.
private final class EventReactor: Reactor {
  typealias Action = Int
  struct State: Equatable { var last = 0 }

  let initialState = State()
  let runtime = Runtime()
  private let events: AsyncStream<Int>

  init(events: AsyncStream<Int>) {
    self.events = events
  }

  func transform(mutation: Signal<Int>) -> Signal<Int> {
    mutation.merge(with: events)
  }

  func reduce(state: State, mutation: Int) -> State {
    State(last: mutation)
  }
}
