import Reactors
import ReactorsRecording
import ReactorsTesting
import Testing

extension NoteReactor {
  /// The session the recording tests share, recorded as JSON lines: `type("abc")`, then `save`,
  /// whose effect answers 100 ms later on a test clock that also times the recording.
  ///
  /// - Returns: The recording's text and every state the session went through, the initial one
  ///   first.
  static func recordTypingAndSaving() async -> (jsonLines: String, states: [State]) {
    let clock = TestClock()
    let lines = RecordedLines()
    let reactor = NoteReactor(
      recorder: .jsonLines(for: NoteReactor.self, clock: clock, writeLine: lines.write),
      clock: clock)
    let states = Recorder<State>()
    let observation = reactor.observe { states.record($0) }
    defer { observation.cancel() }
    reactor.send(.type("abc"))
    reactor.send(.save)
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(100))
    await states.waitForCount(3)
    return (lines.text, states.values)
  }
}
