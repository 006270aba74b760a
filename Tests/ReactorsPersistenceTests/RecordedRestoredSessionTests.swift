import Foundation
import Reactors
import ReactorsPersistence
import ReactorsRecording
import ReactorsTesting
import Testing

/// A session that began from a restored state replays from it (the recording's `start`).
@Suite(.timeLimit(.minutes(1))) struct RecordedRestoredSessionTests {
  @Test func aRestoredSessionRecordedIsReplayedStateForState() async throws {
    // Given a session of a reactor restored from its file, recorded
    let directory = try TemporaryDirectory()
    let url = directory.file("draft.json")
    try write(draft: "Dear Ada", to: url)
    let file = try StateFile<DraftReactor>(at: url)
    let lines = Lines()
    let recorder = ReactorRecorder.jsonLines(
      for: DraftReactor.self, startingFrom: file.restored, writeLine: lines.append)
    let session = DraftReactor(stateFile: file, recorder: recorder)
    let states = Observed<DraftReactor.State>()
    let observation = session.observe { states.append($0) }
    session.send(.exclaim)
    session.send(.edit)
    session.send(.type("Dear Grace"))
    session.send(.exclaim)
    await session.waitUntilIdle()
    observation.cancel()
    // Written before the directory goes, or the write would make it again and leave it behind.
    await file.flush()
    withExtendedLifetime(directory) {}

    // When it is loaded, and replayed by a reactor made from its start, without the file
    let recording = try Recording<DraftReactor>(jsonLines: lines.text)
    let start = try recording.start(as: DraftReactor.Saved.self)
    let replaying = DraftReactor(restoring: start)

    // Then the mutation replay, the timeline and a test store go through the session's states
    #expect(start == DraftReactor.Saved(draft: "Dear Ada"))
    let sessionStates = states.values
    #expect([replaying.initialState] + replaying.replay(recording.mutations) == sessionStates)
    let timeline = ReplayTimeline(recording, reactor: replaying)
    #expect(timeline.initialState == sessionStates.first)
    #expect(timeline.last?.state == sessionStates.last)
    #expect(
      [timeline.initialState] + timeline.filter { !$0.isAction }.map(\.state) == sessionStates)
    let clock = TestClock()
    let store = TestStore(DraftReactor(restoring: start))
    await store.replay(recording, on: clock)
    await store.finish()
    #expect(store.reactor.currentState == sessionStates.last)
  }

  @Test func aRecordingWithoutAStartHasNone() throws {
    let header = #"{"format":"reactors-recording","reactor":"DraftReactor","version":1}"#
    let recording = try Recording<DraftReactor>(jsonLines: header)

    #expect(try recording.start(as: DraftReactor.Saved.self) == nil)
  }

  @Test func aRecordingThatStartedFromNothingSavedHasNone() throws {
    let lines = Lines()
    _ = ReactorRecorder.jsonLines(
      for: DraftReactor.self, startingFrom: DraftReactor.Saved?.none, writeLine: lines.append)
    let recording = try Recording<DraftReactor>(jsonLines: lines.text)

    #expect(try recording.start(as: DraftReactor.Saved.self) == nil)
  }

  @Test func aStartOfAnotherTypeIsACorruptFirstLine() throws {
    let header =
      #"{"format":"reactors-recording","reactor":"DraftReactor","start":{"draft":1},"version":1}"#
    let recording = try Recording<DraftReactor>(jsonLines: header)

    #expect(throws: RecordingError.corruptLine(line: 1, reason: "the start is not a Saved")) {
      try recording.start(as: DraftReactor.Saved.self)
    }
  }

  @Test func aSecretInTheStartIsRedacted() throws {
    struct Login: Codable { var user: String; var password: String }
    let lines = Lines()
    _ = ReactorRecorder.jsonLines(
      for: DraftReactor.self, startingFrom: Login(user: "ada", password: "hunter2"),
      writeLine: lines.append)

    #expect(lines.text.contains(#""password":"<redacted>""#))
    #expect(!lines.text.contains("hunter2"))
  }
}

/// The lines a recorder writes, collected.
final class Lines: @unchecked Sendable {
  // Safe: `lines` is only read and written with `lock` held.
  private let lock = NSLock()
  private var lines: [String] = []

  @Sendable func append(_ line: String) { lock.withLock { lines.append(line) } }
  var text: String { lock.withLock { lines.joined(separator: "\n") } }
}
