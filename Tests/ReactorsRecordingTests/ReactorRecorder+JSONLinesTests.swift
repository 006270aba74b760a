import Foundation
import ReactorsTesting
import RecordingFixtures
import Testing

@testable import Reactors
@testable import ReactorsRecording

@Suite(.timeLimit(.minutes(2))) struct ReactorRecorderJSONLinesTests {
  @Test func theFirstLineNamesTheFormatItsVersionAndTheReactor() {
    let lines = RecordedLines()
    _ = NoteReactor(
      recorder: .jsonLines(for: NoteReactor.self, writeLine: lines.write), clock: TestClock())
    #expect(
      lines.values == [#"{"format":"reactors-recording","reactor":"NoteReactor","version":1}"#])
  }

  @Test func eachEventIsOneJSONObjectWithItsTimeAndSource() async {
    let clock = TestClock()
    let lines = RecordedLines()
    let reactor = NoteReactor(
      recorder: .jsonLines(for: NoteReactor.self, clock: clock, writeLine: lines.write),
      clock: clock)
    reactor.send(.type("a/b"))
    await clock.advance(by: .milliseconds(1500))
    reactor.send(.type("c"))
    #expect(
      lines.values.dropFirst() == [
        #"{"action":{"type":{"_0":"a/b"}},"t":0}"#,
        #"{"mutation":{"setText":{"_0":"a/b"}},"source":"immediate","t":0}"#,
        #"{"action":{"type":{"_0":"c"}},"t":1.5}"#,
        #"{"mutation":{"setText":{"_0":"c"}},"source":"immediate","t":1.5}"#,
      ])
  }

  @Test func secretsAreWrittenAsTheMarkerNeverInTheClear() {
    // Given a session that types a password and a token
    let lines = RecordedLines()
    let reactor = NoteReactor(
      recorder: .jsonLines(for: NoteReactor.self, writeLine: lines.write), clock: TestClock())
    reactor.send(.login(user: "octocat", password: "hunter2"))
    reactor.send(.setToken("ghp_0123456789"))
    // Then neither is written; the field (or the whole case) holds the marker
    #expect(!lines.text.contains("hunter2"))
    #expect(!lines.text.contains("ghp_0123456789"))
    #expect(lines.values[1].contains(#""password":"<redacted>""#))
    #expect(lines.values[1].contains(#""user":"octocat""#))
    #expect(lines.values[2].contains(#""setUser":{"_0":"octocat","password":"<redacted>"}"#))
    #expect(lines.values[3].contains(#"{"action":{"setToken":"<redacted>"}"#))
  }

  @Test func aValueThatCannotBeEncodedIsWrittenAsItsErrorRedacted() {
    let lines = RecordedLines()
    let reactor = FailingEncodingReactor(
      recorder: .jsonLines(for: FailingEncodingReactor.self, writeLine: lines.write))
    reactor.send(.init(password: "hunter2"))
    #expect(lines.values[1].contains(#""unencodable":"action Unencodable(password: <redacted>)"#))
    #expect(!lines.text.contains("hunter2"))
  }
}

// MARK: - Fixtures

final class FailingEncodingReactor: Reactor {
  struct Unencodable: Codable, Sendable {
    var password: String
    func encode(to encoder: any Encoder) throws {
      throw EncodingError.invalidValue(self, .init(codingPath: [], debugDescription: "no"))
    }
  }
  typealias Action = Unencodable
  struct State: Sendable {}

  let initialState = State()
  let runtime: Runtime

  init(recorder: ReactorRecorder<Action, Mutation>) {
    runtime = Runtime(recorder: recorder)
  }

  func reduce(state: State, mutation: Action) -> State { state }
}
