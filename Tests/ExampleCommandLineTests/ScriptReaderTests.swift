import ExampleCommandLine
import Foundation
import Testing

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

@Suite(.timeLimit(.minutes(1)))
struct ScriptReaderTests {
  /// The lines `bytes` make when read from a pipe, written by another thread as a pipe is.
  func read(
    _ bytes: [UInt8], maximumLineLength: Int = ScriptReader.maximumLineLength,
    maximumSize: Int = ScriptReader.maximumSize
  ) throws(ScriptError) -> [ScriptLine] {
    // The reader may stop early: the writer then gets EPIPE, which must not end the test process.
    signal(SIGPIPE, SIG_IGN)
    var ends: [Int32] = [0, 0]
    precondition(pipe(&ends) == 0)
    let writeEnd = ends[1]
    let writer = Thread {
      _ = bytes.withUnsafeBytes { OutputFile(descriptor: writeEnd).write(bytes: $0) }
      close(writeEnd)
    }
    writer.start()
    defer { close(ends[0]) }
    return try ScriptReader.read(
      descriptor: ends[0], name: "the pipe", maximumLineLength: maximumLineLength,
      maximumSize: maximumSize)
  }

  func read(_ text: String) throws(ScriptError) -> [ScriptLine] {
    try read(Array(text.utf8))
  }

  @Test func linesAreNumberedAsInTheFileAndBlankLinesAndCommentsSkipped() throws {
    let lines = try read("# intro\nquery swift\r\n\n  next\nsleep 5")
    #expect(lines.map(\.number) == [2, 4, 5])
    #expect(lines.map(\.keyword) == ["query", "next", "sleep"])
    #expect(lines.map(\.argument) == ["swift", "", "5"])
  }

  @Test func aLongScriptArrivingInManyChunksReadsWhole() throws {
    // About 200 KB: more than three reads' worth.
    let padding = String(repeating: "x", count: 32)
    let script = (1...5000).map { "query \(padding) \($0)" }.joined(separator: "\n") + "\n"
    let lines = try read(script)
    #expect(lines.count == 5000)
    #expect(lines.last?.argument == "\(padding) 5000")
    #expect(lines.last?.number == 5000)
  }

  @Test func aLineOverTheLimitIsRefusedAsSoonAsItIsSeen() {
    #expect(throws: ScriptError(line: 2, "the line is longer than 16 bytes")) {
      try read(Array("wait\nquery 0123456789abcdef\nwait\n".utf8), maximumLineLength: 16)
    }
  }

  @Test func aTenMegabyteLineIsRefusedWithTheDefaultLimit() {
    let line = Array("query ".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 10 << 20)
    #expect(throws: ScriptError(line: 1, "the line is longer than 8192 bytes")) {
      try read(line)
    }
  }

  @Test func aScriptOverTheLimitIsRefused() {
    #expect(throws: ScriptError(line: nil, "the script is longer than 1 KiB")) {
      try read(Array(String(repeating: "wait\n", count: 300).utf8), maximumSize: 1024)
    }
  }

  @Test(arguments: [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xC0, 0xAF]] as [[UInt8]])
  func invalidUTF8IsRefusedWithTheLineNumber(bytes: [UInt8]) {
    #expect(throws: ScriptError(line: 2, "the line is not valid UTF-8")) {
      try read(Array("wait\nquery ".utf8) + bytes + Array("\nwait".utf8))
    }
  }

  @Test func aControlCharacterIsRefusedWithTheLineNumber() {
    #expect(throws: ScriptError.self) { try read("wait\nquery \u{1B}[2J\n") }
    do {
      _ = try read("wait\nquery \u{1B}[2J\n")
    } catch {
      #expect(error.line == 2)
    }
  }

  @Test func anyReadableFileWorksAndAMissingOneSaysWhy() throws {
    #expect(try ScriptReader.read(path: "/dev/null").isEmpty)

    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("script-\(UUID().uuidString)")
    try Data("query swift\nwait\n".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    #expect(try ScriptReader.read(path: file.path).map(\.keyword) == ["query", "wait"])

    #expect(
      throws: ScriptError(
        line: nil, #"cannot open the script "/nonexistent/x": No such file or directory"#)
    ) {
      try ScriptReader.read(path: "/nonexistent/x")
    }
    #expect(throws: ScriptError(line: nil, #"cannot read the script "/": Is a directory"#)) {
      try ScriptReader.read(path: "/")
    }
  }

  @Test(.enabled(if: getuid() != 0, "root reads every file"))
  func anUnreadableFileSaysPermissionDenied() throws {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("script-\(UUID().uuidString)")
    try Data("wait\n".utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    chmod(file.path, 0o200)
    #expect(
      throws: ScriptError(
        line: nil, "cannot open the script \(JSONValue.quoted(file.path)): Permission denied")
    ) {
      try ScriptReader.read(path: file.path)
    }
  }
}
