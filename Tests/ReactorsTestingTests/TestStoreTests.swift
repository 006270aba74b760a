import ReactorsTesting
import Testing

@Suite(.timeLimit(.minutes(1))) struct TestStoreTests {
  @Test func finishPassesOnceEveryEffectEndedAndWasReceived() async {
    let clock = TestClock()
    let store = TestStore(TimerReactor(clock: clock))

    await store.send(.start) { $0.isRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.receive(.stop) { $0.isRunning = false }

    await store.finish()
  }

  @Test func finishReportsAtOnceAnEffectThatWaitsForATestClockTheTestDidNotAdvance() async {
    // Given an effect asleep on a test clock, and a timeout far beyond the test's time limit
    let started = ContinuousClock.now
    let failures = await recordedFailures {
      let store = TestStore(TimerReactor(clock: TestClock()), timeout: .seconds(600))
      await store.send(.start) { $0.isRunning = true }
      // When the test finishes without advancing the clock
      await store.finish()
      store.reactor.cancel(id: "timer")
    }
    // Then it fails at once, naming the effect and what it waits for
    #expect(ContinuousClock.now - started < .seconds(60))  // Far from the 600 s timeout.
    #expect(
      failures.map(\.message) == [
        """
        1 effect is still running at finish(), waiting for a TestClock:
          the effect of .start sleeps on a TestClock until 1.0 seconds (the clock is at 0.0 seconds)
        Advance the clock so that they can end, or cancel them before the test ends.
        """
      ])
  }

  @Test func finishReportsAnEffectStillRunning() async {
    let gate = Gate()
    let failures = await recordedFailures {
      let store = TestStore(TimerReactor(clock: TestClock()))
      await store.send(.hang(gate))
      await store.finish(timeout: .milliseconds(50))
    }
    gate.open()

    #expect(
      failures.map(\.message) == [
        """
        1 effect is still running at finish(), after waiting 0.05 seconds. Receive what they \
        send, advance the TestClock they wait on, or cancel them before the test ends.
        """
      ])
  }

  @Test func theTimeoutGivenToTheStoreBoundsFinish() async {
    let gate = Gate()
    let failures = await recordedFailures {
      let store = TestStore(TimerReactor(clock: TestClock()), timeout: .milliseconds(50))
      await store.send(.hang(gate))
      await store.finish()
    }
    gate.open()

    #expect(failures.count == 1)
    #expect(failures.first?.message.contains("after waiting 0.05 seconds") == true)
  }

  @Test func theStoreTimeoutCanChangeInTheMiddleOfATest() async {
    let gate = Gate()
    let failures = await recordedFailures {
      let store = TestStore(TimerReactor(clock: TestClock()))
      #expect(store.timeout == .seconds(30))
      await store.send(.hang(gate))
      store.timeout = .milliseconds(20)
      await store.finish()
    }
    gate.open()

    #expect(failures.count == 1)
    #expect(failures.first?.message.contains("after waiting 0.02 seconds") == true)
  }

  @Test func finishReportsAMutationThatWasNotReceived() async {
    let failures = await recordedFailures {
      let clock = TestClock()
      let store = TestStore(TimerReactor(clock: clock))
      await store.send(.start) { $0.isRunning = true }
      await clock.advance(by: .seconds(1))
      await store.receive(.tick) { $0.ticks = 1 }
      await store.finish()
    }

    #expect(
      failures.map(\.message) == [
        """
        1 mutation from effects was not received before finish():
          .stop
        Assert it with `await store.receive(...)`.
        """
      ])
  }

  @Test func finishReportsAnUnhandledError() async {
    let failures = await recordedFailures {
      let store = TestStore(TimerReactor(clock: TestClock()))
      await store.send(.fail)
      await store.finish()
    }

    #expect(
      failures.map(\.message) == [
        """
        An effect threw FixtureError: .timerBroke and had no `catch:` handler; it was not \
        received before finish(). Handle it in `mutate`, or assert it with \
        `await store.receiveUnhandledError()`.
        """
      ])
  }

  @Test func releasingTheStoreReportsWhatWasNotReceivedAtItsCreation() async {
    var line = 0
    let failures = await recordedFailures {
      let clock = TestClock()
      line = #line + 1
      let store = TestStore(TimerReactor(clock: clock))
      await store.send(.start) { $0.isRunning = true }
      await clock.advance(by: .seconds(1))
      await store.reactor.waitUntilIdle()
    }

    #expect(failures.count == 1)
    #expect(failures.first?.line == line)
    #expect(
      failures.first?.message.hasPrefix(
        "2 mutations from effects were not received before the store was released:\n  .tick\n  .stop"
      ) == true)
  }

  @Test func stateFollowsWhatTheTestAsserted() async {
    let clock = TestClock()
    let store = TestStore(TimerReactor(clock: clock))

    await store.send(.start) { $0.isRunning = true }
    await clock.advance(by: .seconds(1))
    await store.reactor.waitUntilIdle()

    #expect(store.state == TimerReactor.State(ticks: 0, isRunning: true))
    #expect(store.reactor.currentState == TimerReactor.State(ticks: 1, isRunning: false))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.receive(.stop) { $0.isRunning = false }
    #expect(store.state == store.reactor.currentState)
    await store.finish()
  }

  @Test func theInitialStateIncludesWhatStartingTheReactorReduced() async {
    let store = TestStore(StartingReactor())

    #expect(store.state.values == [1])
    await store.send(2) { $0.values = [1, 2] }
    await store.finish()
  }
}

// MARK: - Fixtures

private enum FixtureError: Error {
  case timerBroke
}

/// Ticks once after a second on its clock, then stops.
private final class TimerReactor: Reactor {
  enum Action {
    case start
    case fail
    /// Runs an effect that waits on the gate, not on a clock, until the test opens it.
    case hang(Gate)
  }

  enum Mutation: Equatable {
    case start
    case tick
    case stop
  }

  struct State: Equatable {
    var ticks = 0
    var isRunning = false
  }

  let initialState = State()
  let runtime = Runtime()
  private let clock: TestClock

  init(clock: TestClock) {
    self.clock = clock
  }

  func mutate(action: Action) -> Mutations<Mutation> {
    switch action {
    case .start:
      .concat(
        .just(.start),
        .run { send in
          send(.tick)
          send(.stop)
        }
        .delay(for: .seconds(1), clock: clock)
        .cancellable(id: "timer", policy: .latest)
      )
    case .fail:
      .run { _ in throw FixtureError.timerBroke }
    case .hang(let gate):
      .run { _ in await gate.wait() }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .start: state.isRunning = true
    case .tick: state.ticks += 1
    case .stop: state.isRunning = false
    }
    return state
  }
}

/// Prepends an action in `transform(action:)`: it is reduced when the reactor starts.
private final class StartingReactor: Reactor {
  typealias Action = Int
  struct State: Equatable { var values: [Int] = [] }

  let initialState = State()
  let runtime = Runtime()

  func transform(action: Signal<Int>) -> Signal<Int> {
    action.prepend(1)
  }

  func reduce(state: State, mutation: Int) -> State {
    State(values: state.values + [mutation])
  }
}
