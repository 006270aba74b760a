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
}
