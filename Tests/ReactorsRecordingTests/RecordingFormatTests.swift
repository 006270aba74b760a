import RecordingFixtures
import Testing

@testable import Reactors
@testable import ReactorsRecording

@Suite(.timeLimit(.minutes(1))) struct RecordingFormatTests {
  @Test func aDurationIsWrittenInSeconds() {
    #expect(RecordingFormat.seconds(.milliseconds(1500)) == 1.5)
    #expect(RecordingFormat.seconds(.microseconds(21)) == 0.000021)
  }

  @Test func aReactorIsNamedAfterItsType() {
    #expect(RecordingFormat.reactorName(of: NoteReactor.self) == "NoteReactor")
  }

  @Test func anEventLineHasItsKeySourceAndTimeInSortedOrder() {
    let line = RecordingFormat.line(
      key: "mutation", value: NoteReactor.Mutation.setSaved(2), source: .effect,
      offset: .milliseconds(250), redaction: .default)
    #expect(line == #"{"mutation":{"setSaved":{"_0":2}},"source":"effect","t":0.25}"#)
  }
}
