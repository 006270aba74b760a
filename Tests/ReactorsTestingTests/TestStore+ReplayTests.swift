import Foundation
import ReactorsRecording
import Testing

@testable import ReactorsTesting

/// A bug report arrives with a recording: the user searched "sw", then "swift", and the results
/// of "sw" showed under "swift". The version that recorded it forgot to cancel a superseded
/// search (`LookupReactor(isFixed: false)`); the fix makes the search `.latest`.
@Suite(.timeLimit(.minutes(2))) struct TestStoreReplayTests {
  @Test func aBugReportsRecordingBecomesAFailingThenPassingRegressionTest() async throws {
    // Given the session the buggy version recorded for the bug report
    let bugReport = try await recordedSession(isFixed: false, endsEarly: true)
    #expect(bugReport.mutations.last == .setResults(["sw-1"]))  // the stale answer landed last
    // When its actions are replayed at their times, the outcome is checked, not the mutations:
    // the buggy version fails the regression test, the fixed one passes it
    await withKnownIssue {
      await expectResultsMatchTheQuery(replaying: bugReport, isFixed: false)
    }
    await expectResultsMatchTheQuery(replaying: bugReport, isFixed: true)
  }

  @Test func aKeptSessionFailsAgainstAVersionThatBreaksItAndPassesAgainstTheFix() async throws {
    // Given a session recorded with the fixed version, kept as a fixture
    let session = try await recordedSession(isFixed: true)
    // When a version without the fix replays it, its stale answer is a failure
    let failures = await recordedFailures {
      await replayExhaustively(session, isFixed: false)
    }
    #expect(failures.count == 1)
    #expect(failures.first?.message.contains("not received before") == true)
    #expect(failures.first?.message.contains(#"setResults(["sw-1"])"#) == true)
    // And the fixed version reproduces it exactly
    await replayExhaustively(session, isFixed: true)
  }

  @Test func aDifferentMutationIsReportedAsADiffWhereTheReplayDiverges() async throws {
    // Given a session whose results a later version shows in another order
    let session = try await recordedSession(isFixed: true)
    let failures = await recordedFailures {
      let clock = TestClock()
      let store = TestStore(LookupReactor(isFixed: true, clock: clock, reversesResults: true))
      await store.replay(session, on: clock)
      await store.finish()
    }
    #expect(failures.count == 2)
    #expect(failures.allSatisfy { $0.message.contains("Received a mutation other than") })
  }

  @Test func anActionRedactedBeyondDecodingCannotBeReplayedExhaustively() async throws {
    let recording = try Recording<LookupReactor>(
      jsonLines: """
        {"format":"reactors-recording","reactor":"LookupReactor","version":1}
        {"action":{"signIn":"<redacted>"},"t":0}
        """)
    let failures = await recordedFailures {
      let clock = TestClock()
      await TestStore(LookupReactor(isFixed: true, clock: clock)).replay(recording, on: clock)
    }
    #expect(failures.map(\.message).first?.hasPrefix("The recording holds an action whose") == true)
  }
}

// MARK: - Helpers

/// Records "sw" at 0 ms and "swift" at 200 ms, then, unless `endsEarly`, "swiftui" at 1 s; every
/// answer is let in.
private func recordedSession(
  isFixed: Bool, endsEarly: Bool = false
) async throws
  -> Recording<LookupReactor>
{
  let clock = TestClock()
  let lines = Protected<[String]>([])
  let reactor = LookupReactor(
    isFixed: isFixed, clock: clock,
    recorder: .jsonLines(
      for: LookupReactor.self, clock: clock,
      writeLine: { line in lines.withLock { $0.append(line) } }))
  let store = TestStore(reactor, exhaustivity: .off)
  await store.send(.search("sw"))
  await clock.advance(by: .milliseconds(200))
  await store.send(.search("swift"))
  await clock.advance(by: .milliseconds(100))
  await store.receive(.setResults(["swift-1"]))
  await clock.advance(by: .milliseconds(200))
  if !isFixed { await store.receive(.setResults(["sw-1"])) }
  let text = { lines.withLock { $0.joined(separator: "\n") } }
  if endsEarly { return try Recording(jsonLines: text()) }
  await clock.advance(by: .milliseconds(500))
  await store.send(.search("swiftui"))
  await clock.advance(by: .milliseconds(100))
  await store.receive(.setResults(["swiftui-1"]))
  return try Recording(jsonLines: text())
}

/// The one-line regression test of the bug report: whatever the timing, the results shown are
/// the query's.
private func expectResultsMatchTheQuery(
  replaying recording: Recording<LookupReactor>, isFixed: Bool
) async {
  let clock = TestClock()
  let store = TestStore(LookupReactor(isFixed: isFixed, clock: clock), exhaustivity: .off)
  await store.replay(recording, on: clock)
  await waitUntilIdle(store.reactor)
  let state = store.reactor.currentState
  #expect(state.results == ["\(state.query)-1"])
}

private func replayExhaustively(_ recording: Recording<LookupReactor>, isFixed: Bool) async {
  let clock = TestClock()
  let store = TestStore(LookupReactor(isFixed: isFixed, clock: clock))
  await store.replay(recording, on: clock)
  await store.finish()
}

/// Waits until the reactor's effects have ended, failing after 30 s of real time.
private func waitUntilIdle(_ reactor: LookupReactor) async {
  let isIdle = await withTaskGroup(of: Bool.self) { group in
    group.addTask {
      await reactor.waitUntilIdle()
      return true
    }
    group.addTask {
      try? await Task.sleep(for: .seconds(30))
      return false
    }
    let first = await group.next() ?? false
    group.cancelAll()
    return first
  }
  if !isIdle { Issue.record("the reactor's effects did not end within 30 s") }
}

// MARK: - Fixtures

/// Searches as you type; each answer comes after a latency on the clock ("sw" is slow).
final class LookupReactor: Reactor {
  enum Action: Codable, Sendable, Equatable {
    case search(String)
    case signIn(token: String)
  }
  enum Mutation: Codable, Sendable, Equatable {
    case setQuery(String)
    case setResults([String])
  }
  struct State: Sendable, Equatable {
    var query = ""
    var results: [String] = []
  }

  let initialState = State()
  let runtime: Runtime
  private let isFixed: Bool
  private let clock: TestClock
  private let reversesResults: Bool

  init(
    isFixed: Bool, clock: TestClock, reversesResults: Bool = false,
    recorder: ReactorRecorder<Action, Mutation>? = nil
  ) {
    runtime = Runtime(diagnostics: nil, recorder: recorder)
    self.isFixed = isFixed
    self.clock = clock
    self.reversesResults = reversesResults
  }

  func mutate(action: Action) -> Mutations<Mutation> {
    guard case .search(let query) = action else { return .none }
    // The answer's time is fixed when the search starts, as `.delay` fixes its deadline.
    let answerTime = clock.now.advanced(by: .milliseconds(query == "sw" ? 500 : 100))
    let search = Mutations<Mutation>.run { [clock, reversesResults] send in
      try await clock.sleep(until: answerTime)
      let results = ["\(query)-1"]
      send(.setResults(reversesResults ? results.map { String($0.reversed()) } : results))
    }
    return .concat(
      .just(.setQuery(query)),
      isFixed ? search.cancellable(id: "search", policy: .latest) : search)
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setQuery(let query): state.query = query
    case .setResults(let results): state.results = results
    }
    return state
  }
}
