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
    let store = TestStore(QueryReactor(clock: ImmediateClock()))

    await store.send(.updateQuery("swift")) { $0.query = "swift" }
    await store.receive(.setResults(["swift-result"])) { $0.results = ["swift-result"] }

    await store.finish()
  }
}
