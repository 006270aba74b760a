import Reactors
import ReactorsTesting
import Testing

@Suite(.timeLimit(.minutes(2))) struct SignalDebounceTests {
  @Test func aDebouncedActionReachesMutateOnlyAfterAQuietPeriodOnTheInjectedClock() async {
    let clock = TestClock()
    let reactor = SearchLogReactor { $0.debounce(for: .milliseconds(300), clock: clock) }
    let seen = Recorder<[String]>()
    let observation = reactor.observe { seen.record($0.queries) }
    for query in ["s", "sw", "swift"] {
      reactor.send(.search(query))
      await clock.advance(by: .milliseconds(299))
    }
    #expect(reactor.currentState.queries.isEmpty)
    await clock.advance(by: .milliseconds(1))
    await seen.waitForCount(2)
    #expect(reactor.currentState.queries == ["swift"])
    _ = observation
  }

  @Test func aMutationOfACancelledEffectHeldByADebounceNeverReachesReduce() async {
    // Given an effect whose mutation `transform(mutation:)` holds back in a debounce
    let clock = TestClock()
    let gate = Gate()
    let reactor = DebouncedMutationsReactor(clock: clock)
    reactor.send(.load("stale", gate))
    await gate.waitForArrivals(1)
    #expect(await eventually { clock.sleeperCount == 1 })
    // When the effect is cancelled while its mutation waits, and the quiet period then ends
    reactor.send(.cancelLoad)
    await clock.advance(by: .milliseconds(300))
    // Then the mutation is dropped, and the reactor goes on applying new work
    gate.open()
    await withDeadline("the effect to end") { await reactor.waitUntilIdle() }
    reactor.send(.load("fresh", nil))
    #expect(await eventually { clock.sleeperCount == 1 })
    await clock.advance(by: .milliseconds(300))
    #expect(await eventually { reactor.currentState.loaded == ["fresh"] })
  }

  @Test func releasingTheReactorStopsAPendingDebounce() async {
    let clock = TestClock()
    var reactor: SearchLogReactor? = SearchLogReactor {
      $0.debounce(for: .milliseconds(300), clock: clock)
    }
    reactor!.send(.search("swift"))
    #expect(await eventually { clock.sleeperCount == 1 })
    reactor = nil
    #expect(await eventually { clock.sleeperCount == 0 })
  }
}

// MARK: - Fixtures

/// Loads in a cancellable effect; `transform(mutation:)` debounces what the effects send.
final class DebouncedMutationsReactor: Reactor {
  enum Action {
    /// Sends `.loaded(name)` at once, then waits on the gate, if any, before it ends.
    case load(String, Gate?)
    case cancelLoad
  }
  enum Mutation { case loaded(String) }
  struct State { var loaded: [String] = [] }

  let initialState = State()
  let runtime = Runtime()
  let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) {
    self.clock = clock
  }

  func mutate(action: Action) -> Mutations<Mutation> {
    switch action {
    case .load(let name, let gate):
      .run { send in
        send(.loaded(name))
        try await gate?.wait()
      }
      .cancellable(id: "load")
    case .cancelLoad:
      .cancel(id: "load")
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    if case .loaded(let name) = mutation { state.loaded.append(name) }
    return state
  }

  func transform(mutation: Signal<Mutation>) -> Signal<Mutation> {
    mutation.debounce(for: .milliseconds(300), clock: clock)
  }
}
