import ExampleCommandLine
import Foundation
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ProgramRecordingTests {
  @Test func anExistingFileIsEmptiedFirst() throws {
    // Given a file that already holds something
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("recording-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data("old contents\n".utf8).write(to: url)
    // When the program creates its recording there and writes a line
    let file = Program(name: "test").createRecording(atPath: url.path)
    file.writeLine("{}")
    close(file.descriptor)
    // Then only that line is in it
    #expect(try String(contentsOf: url, encoding: .utf8) == "{}\n")
  }

  @Test func aNewRecordingIsReadableByItsOwnerOnly() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("recording-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: url) }
    close(Program(name: "test").createRecording(atPath: url.path).descriptor)
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
  }
}
