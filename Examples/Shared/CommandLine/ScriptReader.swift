import Foundation

/// Reads a whole script before anything runs, so a mistake on line 40 stops the program before
/// line 1 has done anything. Any readable file works (a pipe, `<(...)`, `/dev/null`), and endless
/// input cannot exhaust memory: a line over ``maximumLineLength`` bytes or a script over
/// ``maximumSize`` is refused as soon as it is seen. Lines must be UTF-8 (see ``ScriptLine``).
public enum ScriptReader {
  /// The longest line, in bytes: 8 KiB.
  public static let maximumLineLength = 8 * 1024
  /// The longest script, in bytes: 1 MiB, some 50,000 commands.
  public static let maximumSize = 1024 * 1024

  /// The command lines of the script at `path`, or of standard input when `path` is `nil`.
  ///
  /// - Throws: ``ScriptError`` naming the file and the system's reason, or the first bad line.
  public static func read(path: String?) throws(ScriptError) -> [ScriptLine] {
    guard let path else {
      if StandardDescriptors.closedAtStart.contains(STDIN_FILENO) {
        throw ScriptError(line: nil, "cannot read the script from standard input: it is closed")
      }
      return try read(descriptor: STDIN_FILENO, name: "standard input")
    }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw ScriptError(line: nil, "cannot open the script \(JSONValue.quoted(path)): \(reason)")
    }
    defer { close(descriptor) }
    return try read(descriptor: descriptor, name: JSONValue.quoted(path))
  }

  /// The command lines read from `descriptor` to its end; `name` says where, in errors.
  public static func read(
    descriptor: Int32, name: String, maximumLineLength: Int = maximumLineLength,
    maximumSize: Int = maximumSize
  ) throws(ScriptError) -> [ScriptLine] {
    var lines: [ScriptLine] = []
    var line: [UInt8] = []
    var number = 1
    var size = 0
    func endLine() throws(ScriptError) {
      // Decoding replaces what is not UTF-8 with U+FFFD: then the bytes differ.
      let text = String(decoding: line, as: UTF8.self)
      guard text.utf8.elementsEqual(line) else {
        throw ScriptError(line: number, "the line is not valid UTF-8")
      }
      if let command = try ScriptLine(number: number, text: text) { lines.append(command) }
      line.removeAll(keepingCapacity: true)
      number += 1
    }
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes {
        Foundation.read(descriptor, $0.baseAddress, $0.count)
      }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else {
        throw ScriptError(line: nil, "cannot read the script \(name): \(reason)")
      }
      if count == 0 { break }
      size += count
      guard size <= maximumSize else {
        throw ScriptError(line: nil, "the script is longer than \(maximumSize / 1024) KiB")
      }
      for byte in buffer[..<count] {
        if byte == UInt8(ascii: "\n") {
          try endLine()
        } else if line.count == maximumLineLength {
          throw ScriptError(line: number, "the line is longer than \(maximumLineLength) bytes")
        } else {
          line.append(byte)
        }
      }
    }
    if !line.isEmpty { try endLine() }
    return lines
  }

  /// The system's sentence for `errno`.
  private static var reason: String { String(cString: strerror(errno)) }
}
