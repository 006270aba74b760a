import Testing

@testable import Reactors
@testable import ReactorsRecording

@Suite(.timeLimit(.minutes(1))) struct RecordingErrorTests {
  @Test(arguments: [
    (
      RecordingError.unreadable(path: "/tmp/x", reason: "no such file"),
      "cannot read the recording /tmp/x: no such file"
    ),
    (.notARecording, "not a recording: the first line is not a reactors-recording header"),
    (
      .unsupportedVersion(found: 2, supported: 1),
      "the recording has format version 2; this program reads version 1"
    ),
    (.otherReactor(found: "A", expected: "B"), "the recording is of A, not of B"),
    (
      .corruptLine(line: 3, reason: "not a JSON object"),
      "line 3 of the recording is corrupt: not a JSON object"
    ),
  ])
  func eachErrorSaysWhatIsWrongOnOneLine(error: RecordingError, message: String) {
    #expect(error.description == message)
  }

  @Test func aRedactedMutationSaysWhyItCannotBeReplayed() {
    #expect(
      RecordingError.redactedMutation(line: 4).description.hasPrefix(
        "line 4 of the recording holds a mutation whose case names a secret"))
  }
}
