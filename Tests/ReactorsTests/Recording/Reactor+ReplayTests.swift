import ReactorsTesting
import RecordingFixtures
import Testing

@testable import Reactors
@testable import ReactorsRecording

@Suite(.timeLimit(.minutes(2))) struct ReactorReplayTests {
  @Test func replayingMutationsReturnsEveryStateTheyMake() {
    let reactor = NoteReactor(recorder: nil, clock: TestClock())
    let states = reactor.replay([.setText("a"), .setSaved(1), .setText("ab")])
    #expect(
      states == [
        .init(text: "a"), .init(text: "a", savedVersions: [1]),
        .init(text: "ab", savedVersions: [1]),
      ])
    // The reactor itself was not used.
    #expect(reactor.currentState == .init())
  }

  @Test func replayingMutationsCanStartFromAnyState() {
    let reactor = NoteReactor(recorder: nil, clock: TestClock())
    let states = reactor.replay([.setSaved(2)], from: .init(text: "xy"))
    #expect(states == [.init(text: "xy", savedVersions: [2])])
  }

  @Test func replayingTheMutationsOfARecordingReproducesItsStates() async throws {
    // Given a session recorded with an effect
    let session = await NoteReactor.recordTypingAndSaving()
    // When its mutations are replayed into a new reactor
    let recording = try Recording<NoteReactor>(jsonLines: session.jsonLines)
    let replayed = NoteReactor(recorder: nil, clock: TestClock()).replay(recording.mutations)
    // Then they make the states the session observed, after the initial one
    #expect(replayed == Array(session.states.dropFirst()))
  }

  @Test func replayingActionsSendsEachAtItsRecordedTimeOnTheCallersClock() async throws {
    // Given actions recorded at 0 s and 2 s, and a mutation that replay must skip
    let recording = try Recording<NoteReactor>(
      jsonLines: """
        {"format":"reactors-recording","reactor":"NoteReactor","version":1}
        {"action":{"type":{"_0":"a"}},"t":0}
        {"mutation":{"setText":{"_0":"zzz"}},"source":"immediate","t":0}
        {"action":{"setToken":"<redacted>"},"t":1}
        {"action":{"type":{"_0":"ab"}},"t":2}
        """)
    let clock = TestClock()
    let reactor = NoteReactor(recorder: nil, clock: clock)
    // When they are replayed on a test clock
    let replay = Task { try await reactor.replayActions(of: recording.events, on: clock) }
    await clock.waitForSleepers(1)
    // Then the first is sent at once, the next only once the clock reaches 2 s
    #expect(reactor.currentState.text == "a")
    await clock.advance(by: .seconds(1))
    await clock.waitForSleepers(1)
    #expect(reactor.currentState.text == "a")
    await clock.advance(by: .seconds(1))
    try await withDeadline("the replay to end") { await replay.result }?.get()
    #expect(reactor.currentState.text == "ab")
  }

  @Test func cancellingAnActionReplayStopsIt() async {
    let recording = Recording<NoteReactor>(events: [
      RecordedEvent(.action(.type("late")), at: .seconds(5))
    ])
    let clock = TestClock()
    let reactor = NoteReactor(recorder: nil, clock: clock)
    let replay = Task { try await reactor.replayActions(of: recording.events, on: clock) }
    await clock.waitForSleepers(1)
    replay.cancel()
    let outcome = await withDeadline("the replay to end") { await replay.result }
    #expect(throws: CancellationError.self) { try outcome?.get() }
    #expect(reactor.currentState.text == "")
  }
}
