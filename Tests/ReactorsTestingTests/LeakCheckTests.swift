import ReactorsTesting
import Testing

@Suite(.timeLimit(.minutes(1))) struct LeakCheckTests {
  @Test func passesWhenTheReactorGoesAndItsEffectsAreCancelled() async {
    let clock = TestClock()

    await withLeakCheck(SearchReactor(clock: clock, gate: Gate())) { reactor in
      reactor.send(.search)  // Sleeps on the clock, never advanced: cancelled by the release.
      await clock.waitForSleepers()
    }

    #expect(clock.sleeperCount == 0)
  }

  @Test func passesWithATestStoreInside() async {
    let clock = TestClock()

    await withLeakCheck(SearchReactor(clock: clock, gate: Gate())) { reactor in
      let store = TestStore(reactor)
      await store.send(.search)
      await clock.waitForSleepers()  // The effect computes its deadline itself.
      await clock.advance(by: .seconds(1))
      await store.receive(.setResults(["swift"])) { $0.results = ["swift"] }
      await store.finish()
    }
  }

  @Test func reportsAReactorThatAnEffectKeepsAlive() async {
    let gate = Gate()
    var line = 0

    let failures = await recordedFailures {
      line = #line + 1
      await withLeakCheck(SearchReactor(clock: TestClock(), gate: gate), timeout: .milliseconds(50))
      {
        reactor in
        reactor.send(.captureSelf)
      }
    }
    gate.open()

    #expect(failures.map(\.line) == [line])
    #expect(
      failures.map(\.message) == [
        """
        SearchReactor was not released after the test: something still holds it, such as an \
        effect that captured `self` (capture the clients it needs instead), a task, or an \
        observer's cycle.
        """
      ])
  }

  @Test func reportsATaskThatIgnoresCancellation() async {
    let gate = Gate()

    let failures = await recordedFailures {
      await withLeakCheck(SearchReactor(clock: TestClock(), gate: gate), timeout: .milliseconds(50))
      {
        reactor in
        reactor.send(.ignoreCancellation)
        // Work whose task has not started when the reactor goes never starts: wait until it has.
        await reactor.effectStarted.wait()
      }
    }
    gate.open()

    #expect(
      failures.map(\.message) == [
        """
        1 task that SearchReactor started is still running 0.05 seconds after it was released: an \
        effect ignores cancellation (check `Task.isCancelled`, or await something that throws when \
        cancelled).
        """
      ])
  }
}

// MARK: - Fixtures

private final class SearchReactor: Reactor {
  enum Action {
    case search
    case captureSelf
    case ignoreCancellation
  }

  enum Mutation: Equatable {
    case setResults([String])
  }

  struct State: Equatable {
    var results: [String] = []
  }

  let initialState = State()
  let runtime = Runtime()
  private let clock: TestClock
  private let gate: Gate
  /// Opened once the effect of `.ignoreCancellation` runs.
  let effectStarted = Gate()

  init(clock: TestClock, gate: Gate) {
    self.clock = clock
    self.gate = gate
  }

  func mutate(action: Action) -> Mutations<Mutation> {
    switch action {
    case .search:
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        send(.setResults(["swift"]))
      }
    case .captureSelf:
      // The mistake the check is for: `self` stays alive as long as the effect runs.
      return .run { send in
        await self.gate.wait()
        send(.setResults([]))
      }
    case .ignoreCancellation:
      return .run { [gate, effectStarted] send in
        effectStarted.open()
        await gate.wait()
        send(.setResults([]))
      }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    switch mutation {
    case .setResults(let results): State(results: results)
    }
  }
}
