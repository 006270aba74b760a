import Reactors
import ReactorsTesting
import Testing

@Suite(.timeLimit(.minutes(2))) struct MutationsTimeTests {
  @Test func delayRunsTheWorkOnceTheClockReachesTheDeadline() async {
    let clock = TestClock()
    let reactor = ScriptedReactor()
    reactor.send(.perform(.just(.append("later")).delay(for: .seconds(5), clock: clock)))
    await clock.advance(by: .seconds(4))
    #expect(reactor.currentState.log.isEmpty)
    await clock.advance(by: .seconds(1))
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.log == ["later"])
  }

  @Test func theDeadlineIsFixedWhenMutateReturnsSoAdvancingRightAfterSendNeverRaces() async {
    let clock = TestClock()
    let reactor = ScriptedReactor()
    for round in 0..<50 {
      reactor.send(.perform(.just(.append("\(round)")).delay(for: .milliseconds(10), clock: clock)))
      await clock.advance(by: .milliseconds(10))
      await reactor.waitUntilIdle()
      #expect(reactor.currentState.log.count == round + 1)
    }
  }

  @Test func debounceRunsOnlyTheLastOfQuickSuccessiveRuns() async {
    let clock = TestClock()
    let store = TestStore(ScriptedReactor())
    for query in ["s", "sw", "swi", "swift"] {
      await store.send(.perform(check(query, clock: clock)))  // Changes nothing yet.
      await clock.advance(by: .milliseconds(100))
    }
    await clock.advance(by: .milliseconds(200))
    await store.receive(.append("swift")) { $0.log = ["swift"] }
    await store.finish()  // Fails if a superseded run had landed too.
  }

  @Test func debouncedRunsThatArePausedLongEnoughEachRun() async {
    let clock = TestClock()
    let reactor = ScriptedReactor()
    reactor.send(.perform(check("a", clock: clock)))
    await clock.advance(by: .milliseconds(300))
    await reactor.waitUntilIdle()
    reactor.send(.perform(check("b", clock: clock)))
    await clock.advance(by: .milliseconds(300))
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.log == ["a", "b"])
  }

  @Test func aDebouncedRunCanBeCancelledWhileItWaits() async {
    let clock = TestClock()
    let reactor = ScriptedReactor()
    reactor.send(.perform(check("a", clock: clock)))
    reactor.cancel(id: "check")
    await clock.run()
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.log.isEmpty)
  }

  @Test func anImmediateClockRunsDelaysAtOnceInOrder() async {
    let clock = ImmediateClock()
    let reactor = ScriptedReactor()
    reactor.send(
      .perform(
        .concat(
          .just(.append("1")).delay(for: .seconds(60), clock: clock),
          .just(.append("2")).delay(for: .seconds(60), clock: clock)
        )))
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.log == ["1", "2"])
    #expect(clock.now.offset == .seconds(120))
  }

  private func check(_ query: String, clock: TestClock) -> Mutations<ScriptedReactor.Mutation> {
    .run { send in send(.append(query)) }
      .debounce(id: "check", for: .milliseconds(300), clock: clock)
  }
}
