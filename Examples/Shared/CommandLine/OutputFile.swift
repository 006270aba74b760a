import Foundation

/// Writes text straight to a file descriptor, unbuffered: every line is out as soon as it is
/// written, in order, even when the process ends right after (by `exit`, a signal or a crash).
///
/// ```swift
/// OutputFile.standardOutput.writeLine(state.outputLine())
/// OutputFile(descriptor: terminal).write("\u{1B}[?25h")
/// ```
///
/// Standard output closed by its reader (`| head`) ends the process as `SIGPIPE` would,
/// although ``ProcessSignals/prepare()`` ignores that signal for the sockets' sake.
public struct OutputFile: Sendable {
  /// The descriptor written to.
  public let descriptor: Int32

  /// Makes an output for `descriptor`; it is not closed by this value.
  public init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Standard output.
  public static let standardOutput = OutputFile(descriptor: STDOUT_FILENO)
  /// Standard error.
  public static let standardError = OutputFile(descriptor: STDERR_FILENO)

  /// Writes `text` and a newline.
  public func writeLine(_ text: String) {
    write(text + "\n")
  }

  /// Writes `text` in full, as UTF-8.
  public func write(_ text: String) {
    var text = text
    let isWritten = text.withUTF8 { write(bytes: UnsafeRawBufferPointer($0)) }
    if !isWritten && errno == EPIPE && descriptor == STDOUT_FILENO {
      ProcessSignals.end(by: SIGPIPE)
    }
  }

  /// Writes `bytes` in full, retrying after interruptions and short writes, and waiting while a
  /// non-blocking descriptor is full; returns `false` on any other error, `errno` telling which.
  ///
  /// Async-signal-safe (`write` and `poll` only), so a signal handler may call it.
  @discardableResult
  public func write(bytes: UnsafeRawBufferPointer) -> Bool {
    guard let start = bytes.baseAddress else { return true }
    var offset = 0
    while offset < bytes.count {
      let count = systemWrite(descriptor, start + offset, bytes.count - offset)
      if count > 0 {
        offset += count
      } else if count < 0 && errno == EINTR {
        continue
      } else if count < 0 && errno == EAGAIN {
        var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        _ = poll(&entry, 1, -1)
      } else {
        return false
      }
    }
    return true
  }
}

/// `write(2)`, named apart from ``OutputFile/write(_:)``.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  #if canImport(Darwin)
  Darwin.write(descriptor, bytes, count)
  #else
  Glibc.write(descriptor, bytes, count)
  #endif
}
