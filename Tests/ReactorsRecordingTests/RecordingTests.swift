import ExtremeValues
import Foundation
import ReactorsTesting
import RecordingFixtures
import Testing

@testable import Reactors
@testable import ReactorsRecording

@Suite(.timeLimit(.minutes(2))) struct RecordingTests {
  @Test func aRecordingLoadsBackWithItsEventsSourcesAndTimes() async throws {
    // Given a recorded session with an immediate mutation and an effect's
    let session = await NoteReactor.recordTypingAndSaving()
    // When it is loaded
    let recording = try Recording<NoteReactor>(jsonLines: session.jsonLines)
    // Then it holds the same events
    #expect(recording.events.map(\.action) == [.type("abc"), nil, .save, nil])
    #expect(recording.mutations == [.setText("abc"), .setSaved(3)])
    #expect(recording.events.map(\.offset) == [.zero, .zero, .zero, .milliseconds(100)])
    guard case .mutation(_, .effect) = recording.events[3].kind else {
      Issue.record("the save's mutation is not an effect's")
      return
    }
  }

  @Test func aRedactedFieldLoadsAsTheMarker() throws {
    let recording = try Recording<NoteReactor>(
      jsonLines: """
        \(header)
        {"mutation":{"setUser":{"_0":"octocat","password":"<redacted>"}},"source":"immediate","t":0}
        """)
    #expect(recording.mutations == [.setUser("octocat", password: "<redacted>")])
  }

  @Test func anActionRedactedWithItsCaseLoadsAsRedacted() throws {
    let recording = try Recording<NoteReactor>(
      jsonLines: """
        \(header)
        {"action":{"setToken":"<redacted>"},"t":0.25}
        """)
    guard case .redactedAction = recording.events.first?.kind else {
      Issue.record("expected a redacted action, got \(recording.events)")
      return
    }
    #expect(recording.events.first?.offset == .milliseconds(250))
  }

  @Test(arguments: badInputs)
  func badInputIsAClearError(text: String, expected: RecordingError) {
    #expect(throws: expected) { try Recording<NoteReactor>(jsonLines: text) }
  }

  @Test func aMissingFileIsUnreadable() {
    let url = URL(fileURLWithPath: "/nonexistent/session.jsonl")
    #expect(throws: RecordingError.unreadable(path: url.path, reason: "no such file")) {
      try Recording<NoteReactor>(contentsOf: url)
    }
  }

  @Test func aDirectoryIsUnreadable() {
    let url = FileManager.default.temporaryDirectory
    #expect(throws: RecordingError.unreadable(path: url.path, reason: "it is a directory")) {
      try Recording<NoteReactor>(contentsOf: url)
    }
  }

  @Test func aFileLoadsLikeItsText() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("recording-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data((header + "\n{\"action\":{\"save\":{}},\"t\":0}\n\n").utf8).write(to: url)
    #expect(try Recording<NoteReactor>(contentsOf: url).events.map(\.action) == [.save])
  }

  /// Property: a line with any time and any numbers loads as an event at a time in range, or is
  /// a ``RecordingError``.
  @Test func anyExtremeLineLoadsInRangeOrIsAnError() {
    var values = ExtremeValues()
    for _ in 0..<1000 {
      let line =
        #"{"mutation":{"setSaved":{"_0":\#(values.number())}},"source":"effect","#
        + #""t":\#(values.number())}"#
        + String(decoding: values.bytes(maximumCount: 4), as: UTF8.self)
      do {
        let recording = try Recording<NoteReactor>(jsonLines: header + "\n" + line)
        #expect(recording.events.allSatisfy { $0.offset >= .zero })
      } catch {
        #expect(!error.description.isEmpty)
      }
    }
  }
}

private let header = #"{"format":"reactors-recording","reactor":"NoteReactor","version":1}"#

/// Each bad input and the error it loads as.
private let badInputs: [(String, RecordingError)] = [
  ("", .notARecording),
  ("hello\n", .notARecording),
  (#"{"format":"other","version":1}"#, .notARecording),
  (
    #"{"format":"reactors-recording","reactor":"NoteReactor","version":2}"#,
    .unsupportedVersion(found: 2, supported: 1)
  ),
  (
    #"{"format":"reactors-recording","reactor":"SignupReactor","version":1}"#,
    .otherReactor(found: "SignupReactor", expected: "NoteReactor")
  ),
  (header + "\n{\"action\":", .corruptLine(line: 2, reason: "not a JSON object")),
  (
    header + "\n{\"action\":{\"type\":{\"_0\":\"a\"}}}",
    .corruptLine(line: 2, reason: "no time (\"t\") in seconds")
  ),
  (
    header + "\n{\"action\":{\"fly\":{}},\"t\":0}",
    .corruptLine(line: 2, reason: "not an action of NoteReactor")
  ),
  (
    header + "\n{\"mutation\":{\"setText\":{\"_0\":\"a\"}},\"t\":0}",
    .corruptLine(line: 2, reason: "no source (immediate or effect)")
  ),
  (
    header + "\n{\"mutation\":{\"setText\":\"<redacted>\"},\"source\":\"effect\",\"t\":0}",
    .redactedMutation(line: 2)
  ),
  (header + "\n{\"t\":0}", .corruptLine(line: 2, reason: "neither an action nor a mutation")),
  // Found in the audit for issue 26: `Duration.seconds(1e308)` trapped.
  (
    header + "\n{\"action\":{\"save\":{}},\"t\":1e308}",
    .corruptLine(line: 2, reason: "a time (\"t\") of more than 30 years")
  ),
]
