import Foundation

#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// Writing to standard output and standard error, line by line, unbuffered.
///
/// `print` buffers standard output when it is a pipe; a script's states must reach a reader
/// as they happen, and a crash must not swallow them.
enum StandardStreams {
  /// Writes `line` and a newline to standard output.
  static func printLine(_ line: String) {
    write(line + "\n", to: STDOUT_FILENO)
  }

  /// Writes `github-search: message` and a newline to standard error.
  static func printError(_ message: String) {
    write("github-search: \(message)\n", to: STDERR_FILENO)
  }

  /// Writes `text` to standard error as is.
  static func printToStandardError(_ text: String) {
    write(text, to: STDERR_FILENO)
  }

  private static func write(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { bytes in
      guard var pointer = bytes.baseAddress else { return }
      var left = bytes.count
      while left > 0 {
        let written = systemWrite(descriptor, pointer, left)
        if written < 0 {
          if errno == EINTR { continue }
          return
        }
        pointer += written
        left -= written
      }
    }
  }
}
