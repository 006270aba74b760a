import Reactors
import ReactorsTesting
import Testing

@Suite(.timeLimit(.minutes(1))) struct MutationsThrottleTests {
  @Test func theFirstRunStartsAtOnceAndTheNewestHeldRunStartsWhenTheIntervalEnds() async {
    // Given a throttle of one second that keeps the newest run
    let clock = TestClock()
    let store = TestStore(ScriptedReactor())
    // When three runs arrive within the interval
    await store.send(.perform(refresh("a", clock: clock, latest: true)))
    await store.receive(.append("a")) { $0.log = ["a"] }
    await store.send(.perform(refresh("b", clock: clock, latest: true)))
    await store.send(.perform(refresh("c", clock: clock, latest: true)))
    await clock.advance(by: .milliseconds(999))
    #expect(store.reactor.currentState.log == ["a"])
    // Then only the newest starts, when the interval ends
    await clock.advance(by: .milliseconds(1))
    await store.receive(.append("c")) { $0.log = ["a", "c"] }
    await store.finish()  // Fails if "b" had started too.
  }

  @Test func withoutLatestTheFirstHeldRunStartsAndLaterOnesAreDropped() async {
    let clock = TestClock()
    let store = TestStore(ScriptedReactor())
    await store.send(.perform(refresh("a", clock: clock, latest: false)))
    await store.receive(.append("a")) { $0.log = ["a"] }
    await store.send(.perform(refresh("b", clock: clock, latest: false)))
    await store.send(.perform(refresh("c", clock: clock, latest: false)))
    await clock.advance(by: .seconds(1))
    await store.receive(.append("b")) { $0.log = ["a", "b"] }
    await store.finish()
  }

  @Test func aRunAfterAQuietIntervalStartsAtOnce() async {
    let clock = TestClock()
    let store = TestStore(ScriptedReactor())
    await store.send(.perform(refresh("a", clock: clock, latest: true)))
    await store.receive(.append("a")) { $0.log = ["a"] }
    await clock.advance(by: .seconds(1))
    await store.send(.perform(refresh("b", clock: clock, latest: true)))
    await store.receive(.append("b")) { $0.log = ["a", "b"] }
    await store.finish()
  }

  @Test func aHeldRunStartsAtMostOncePerIntervalWhateverTheSendsInterleave() async {
    // Given runs sent every 400 ms for 3 s, on a throttle of one second
    let clock = TestClock()
    let reactor = ScriptedReactor()
    for tick in 0..<8 {
      reactor.send(.perform(refresh("\(tick)", clock: clock, latest: true)))
      await clock.advance(by: .milliseconds(400))
    }
    await clock.run()
    await reactor.waitUntilIdle()
    // Then: 0 at 0 ms; 2 (sent at 800) at 1 s; 4 (sent at 1.6 s) at 2 s; 7 (sent at 2.8 s) at 3 s
    // (each in a task of its own, so they may reach `reduce` in any order)
    #expect(reactor.currentState.log.sorted() == ["0", "2", "4", "7"])
  }

  @Test func cancelByIdCancelsTheRunningAndTheHeldRunAndStartsAfresh() async {
    // Given a running throttled run that waits on a gate, and a held one
    let clock = TestClock()
    let gate = Gate()
    let reactor = ScriptedReactor()
    reactor.send(.perform(waiting("a", on: gate, clock: clock)))
    await gate.waitForArrivals(1)
    reactor.send(.perform(waiting("b", on: gate, clock: clock)))
    // When the id is cancelled, and the interval ends
    reactor.cancel(id: "refresh")
    await clock.advance(by: .seconds(1))
    gate.open()
    await reactor.waitUntilIdle()
    // Then neither sends anything, and the next run starts at once
    #expect(reactor.currentState.log.isEmpty)
    reactor.send(.perform(refresh("c", clock: clock, latest: true)))
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.log == ["c"])
  }

  @Test func releasingTheReactorCancelsAHeldRunBeforeItStarts() async {
    // Given a reactor with a held run, whose start the test records
    let clock = TestClock()
    let started = Recorder<String>()
    var reactor: ScriptedReactor? = ScriptedReactor()
    weak let released = reactor
    for name in ["a", "b"] {
      reactor?.send(
        .perform(
          Mutations.run { _ in started.record(name) }
            .throttle(id: "refresh", for: .seconds(1), clock: clock, latest: true)))
    }
    await started.waitForCount(1)
    #expect(await eventually { clock.sleeperCount == 1 })
    // When the reactor is released
    reactor = nil
    #expect(released == nil)
    // Then the held run's sleep is cancelled, and the run never starts
    #expect(await eventually { clock.sleeperCount == 0 })
    await clock.advance(by: .seconds(5))
    #expect(started.values == ["a"])
  }

  @Test func aThrottledRunInsideAnEffectIsHeldInItsScope() async {
    let clock = TestClock()
    let reactor = ScriptedReactor()
    reactor.send(
      .perform(
        .concat(
          .just(.append("first")).delay(for: .seconds(1), clock: clock),
          refresh("a", clock: clock, latest: true),
          refresh("b", clock: clock, latest: true)
        )))
    await clock.advance(by: .seconds(1))
    #expect(await eventually { reactor.currentState.log == ["first", "a"] })
    await clock.advance(by: .seconds(1))
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.log == ["first", "a", "b"])
  }

  private func refresh(
    _ name: String, clock: TestClock, latest: Bool
  )
    -> Mutations<ScriptedReactor.Mutation>
  {
    .run { send in send(.append(name)) }
      .throttle(id: "refresh", for: .seconds(1), clock: clock, latest: latest)
  }

  private func waiting(
    _ name: String, on gate: Gate, clock: TestClock
  )
    -> Mutations<ScriptedReactor.Mutation>
  {
    .run { send in
      try await gate.wait()
      send(.append(name))
    }
    .throttle(id: "refresh", for: .seconds(1), clock: clock, latest: true)
  }
}
