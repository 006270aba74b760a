import Foundation

/// Reads a whole script before anything runs, so a mistake on line 40 stops the program before
/// line 1 has done anything, with `line 40: …` and exit status 2.
///
/// ```swift
/// let lines = try ScriptReader.read(path: options.scriptPath)   // nil: standard input
/// let commands = try lines.map(ScriptCommand.init)
/// ```
///
/// Any readable file works: a regular file, a pipe, `<(...)`, `/dev/null`, standard input. It is
/// read line by line with bounds, so endless or hostile input cannot exhaust memory: a line over
/// ``maximumLineLength`` bytes or a script over ``maximumSize`` is refused as soon as it is seen.
/// Each line must be UTF-8 without control characters (tabs aside); see ``ScriptLine``.
public enum ScriptReader {
  /// The longest line, in bytes: 8 KiB.
  public static let maximumLineLength = 8 * 1024
  /// The longest script, in bytes: 1 MiB, some 50,000 commands.
  public static let maximumSize = 1024 * 1024

  /// The command lines of the script at `path`, or of standard input when `path` is `nil`.
  ///
  /// - Throws: ``ScriptError`` naming the file and the system's reason (`No such file or
  ///   directory`, `Permission denied`, `Is a directory`), or the first line at fault.
  public static func read(path: String?) throws(ScriptError) -> [ScriptLine] {
    guard let path else {
      return try read(descriptor: STDIN_FILENO, name: "standard input")
    }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw ScriptError(
        line: nil,
        "cannot open the script \(JSONValue.quoted(path)): \(String(cString: strerror(errno)))")
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
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else {
        throw ScriptError(
          line: nil, "cannot read the script \(name): \(String(cString: strerror(errno)))")
      }
      if count == 0 { break }
      size += count
      guard size <= maximumSize else {
        throw ScriptError(line: nil, "the script is longer than \(maximumSize / 1024) KiB")
      }
      var chunk = buffer[0..<count]
      while !chunk.isEmpty {
        let end = chunk.firstIndex(of: UInt8(ascii: "\n"))
        line += chunk[..<(end ?? chunk.endIndex)]
        guard line.count <= maximumLineLength else {
          throw ScriptError(line: number, "the line is longer than \(maximumLineLength) bytes")
        }
        guard let end else { break }
        if let command = try ScriptLine(number: number, text: try text(of: line, number: number)) {
          lines.append(command)
        }
        line.removeAll(keepingCapacity: true)
        number += 1
        chunk = chunk[(end + 1)...]
      }
    }
    if !line.isEmpty,
      let command = try ScriptLine(number: number, text: try text(of: line, number: number))
    {
      lines.append(command)
    }
    return lines
  }

  /// `bytes` as text, or an error if they are not UTF-8.
  private static func text(of bytes: [UInt8], number: Int) throws(ScriptError) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    // Decoding replaces what is not UTF-8 with U+FFFD: then the bytes differ.
    guard text.utf8.count == bytes.count, text.utf8.elementsEqual(bytes) else {
      throw ScriptError(line: number, "the line is not valid UTF-8")
    }
    return text
  }
}

/// `read(2)`.
private func systemRead(
  _ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int
)
  -> Int
{
  #if canImport(Darwin)
  Darwin.read(descriptor, buffer, count)
  #else
  Glibc.read(descriptor, buffer, count)
  #endif
}
