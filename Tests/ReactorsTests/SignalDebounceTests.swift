import Reactors
import ReactorsTesting
import Testing

@Suite struct SignalDebounceTests {
  @Test func aDebouncedActionReachesMutateOnlyAfterAQuietPeriodOnTheInjectedClock() async {
    let clock = TestClock()
    let reactor = DebouncingReactor(clock: clock)
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

  @Test func releasingTheReactorStopsAPendingDebounce() async {
    let clock = TestClock()
    var reactor: DebouncingReactor? = DebouncingReactor(clock: clock)
    reactor!.send(.search("swift"))
    #expect(await eventually { clock.sleeperCount == 1 })
    reactor = nil
    #expect(await eventually { clock.sleeperCount == 0 })
  }
}

@Suite struct DebounceStateMachineTests {
  @Test func aNewerValueSupersedesThePendingOne() {
    var machine = DebounceStateMachineProbe()
    let first = machine.receive("a")
    let second = machine.receive("b")
    #expect(machine.timerFired(first) == nil)
    #expect(machine.timerFired(second) == "b")
    #expect(machine.timerFired(second) == nil)  // Delivered once.
  }

  @Test func nothingIsDeliveredAfterCancel() {
    var machine = DebounceStateMachineProbe()
    let generation = machine.receive("a")
    machine.cancel()
    #expect(machine.timerFired(generation) == nil)
    #expect(machine.receiveAfterCancel("b") == nil)
  }
}

// MARK: - Fixtures

final class DebouncingReactor: Reactor {
  enum Action { case search(String) }
  struct State { var queries: [String] = [] }

  let initialState = State()
  let runtime = Runtime()
  let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) {
    self.clock = clock
  }

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    if case .search(let query) = mutation { state.queries.append(query) }
    return state
  }

  func transform(action: Signal<Action>) -> Signal<Action> {
    action.debounce(for: .milliseconds(300), clock: clock)
  }
}
