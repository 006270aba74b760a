import Foundation

/// Writes text straight to a file descriptor, unbuffered, so every line is out in order even if
/// the process ends right after. Standard output closed by its reader (`| head`) ends the
/// process as `SIGPIPE` would, although ``ProcessSignals/prepare()`` ignores that signal.
public struct OutputFile: Sendable {
  /// The descriptor written to; this value never closes it.
  public let descriptor: Int32

  /// Makes an output for `descriptor`.
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

  /// Writes `bytes` in full, through interruptions, short writes and a full non-blocking
  /// descriptor; returns `false` on any other error, `errno` telling which. Async-signal-safe.
  @discardableResult
  public func write(bytes: UnsafeRawBufferPointer) -> Bool {
    var rest = bytes
    while let start = rest.baseAddress, !rest.isEmpty {
      let count = Foundation.write(descriptor, start, rest.count)
      if count > 0 {
        rest = UnsafeRawBufferPointer(rebasing: rest[count...])
      } else if count < 0 && errno == EAGAIN {
        var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        _ = poll(&entry, 1, -1)
      } else if count == 0 || errno != EINTR {
        return false
      }
    }
    return true
  }
}
