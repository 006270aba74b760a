import Reactors
import ReactorsTesting
import Testing

@Suite(.timeLimit(.minutes(1))) struct SignalThrottleTests {
  @Test func theFirstActionPassesAtOnceAndTheNewestHeldOneWhenTheIntervalEnds() async {
    // Given a reactor that throttles its actions to one a second, keeping the newest
    let clock = TestClock()
    let reactor = throttling(on: clock, latest: true)
    // When three actions arrive within the interval
    reactor.send(.search("s"))
    #expect(reactor.currentState.queries == ["s"])  // Passed synchronously.
    reactor.send(.search("sw"))
    reactor.send(.search("swift"))
    await clock.advance(by: .milliseconds(999))
    #expect(reactor.currentState.queries == ["s"])
    // Then the newest reaches `mutate` when the interval ends
    await clock.advance(by: .milliseconds(1))
    #expect(await eventually { reactor.currentState.queries == ["s", "swift"] })
    // And the next interval holds the next one
    reactor.send(.search("swifty"))
    #expect(reactor.currentState.queries == ["s", "swift"])
    await clock.advance(by: .seconds(1))
    #expect(await eventually { reactor.currentState.queries == ["s", "swift", "swifty"] })
  }

  @Test func withoutLatestTheFirstHeldActionPasses() async {
    let clock = TestClock()
    let reactor = throttling(on: clock, latest: false)
    for query in ["s", "sw", "swift"] { reactor.send(.search(query)) }
    await clock.advance(by: .seconds(1))
    #expect(await eventually { reactor.currentState.queries == ["s", "sw"] })
    await clock.run()
    #expect(reactor.currentState.queries == ["s", "sw"])
  }

  @Test func anActionAfterAQuietIntervalPassesAtOnce() async {
    let clock = TestClock()
    let reactor = throttling(on: clock, latest: true)
    reactor.send(.search("a"))
    await clock.advance(by: .seconds(1))
    reactor.send(.search("b"))
    #expect(reactor.currentState.queries == ["a", "b"])
  }

  @Test func anOverdueHeldActionPassesBeforeTheNextOneKeepingTheOrder() async {
    // Given a held action whose interval has ended on the clock, before its timer ran
    let clock = TestClock()
    let reactor = throttling(on: clock, latest: true)
    reactor.send(.search("a"))
    reactor.send(.search("b"))
    await clock.advance(by: .seconds(5))
    // When another arrives
    reactor.send(.search("c"))
    // Then the held one passed first, exactly once, and the new one passed too
    #expect(await eventually { reactor.currentState.queries == ["a", "b", "c"] })
    await clock.run()
    #expect(reactor.currentState.queries == ["a", "b", "c"])
  }

  @Test func releasingTheReactorStopsAHeldAction() async {
    let clock = TestClock()
    var reactor: SearchLogReactor? = throttling(on: clock, latest: true)
    weak let released = reactor
    reactor?.send(.search("a"))
    reactor?.send(.search("b"))
    #expect(await eventually { clock.sleeperCount == 1 })
    reactor = nil
    #expect(released == nil)
    #expect(await eventually { clock.sleeperCount == 0 })
  }
}

/// A reactor that throttles its searches to one a second on `clock`.
private func throttling(on clock: TestClock, latest: Bool) -> SearchLogReactor {
  SearchLogReactor { $0.throttle(for: .seconds(1), clock: clock, latest: latest) }
}
