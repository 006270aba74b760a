import Foundation
import Testing

@testable import ExampleCommandLine

@Suite(.timeLimit(.minutes(1)))
struct ProgramRecordingTests {
  @Test func anExistingFileIsNeverOverwritten() throws {
    // Given a file that already holds something
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("recording-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data("old contents\n".utf8).write(to: url)
    // When a recording is opened there, then it is refused and the file is left alone
    #expect(throws: SystemCallError(operation: "open", code: EEXIST)) {
      try Program.openRecording(atPath: url.path)
    }
    #expect(try String(contentsOf: url, encoding: .utf8) == "old contents\n")
  }

  @Test func somethingThatIsNotAFileIsWrittenToAsItIs() throws {
    let file = try Program.openRecording(atPath: "/dev/null")
    defer { close(file.descriptor) }
    file.writeLine("{}")
    #expect(file.descriptor >= 0)
  }

  @Test func aNewRecordingIsReadableByItsOwnerOnly() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("recording-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    close(try Program.openRecording(atPath: url.path).descriptor)
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
  }

  @Test(arguments: [
    ("/tmp/session.jsonl", "/tmp/session.jsonl"),
    ("/tmp/my session.jsonl", "'/tmp/my session.jsonl'"),
    ("/tmp/it's.jsonl", #"'/tmp/it'\''s.jsonl'"#),
    ("/tmp/$HOME;rm.jsonl", "'/tmp/$HOME;rm.jsonl'"),
    ("/tmp/café.jsonl", "'/tmp/café.jsonl'"),
    ("", "''"),
  ])
  func aPathIsQuotedOnlyWhenAShellWouldSplitOrExpandIt(path: String, word: String) {
    #expect(Program.shellQuoted(path) == word)
  }
}
