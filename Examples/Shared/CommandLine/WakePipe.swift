import Foundation

/// A pipe used only to wake a thread blocked in `poll`: ``signal()`` (async-signal-safe, so a
/// signal handler may call it) makes ``readEnd`` readable until ``drain()``.
public struct WakePipe: Sendable {
  /// The end to watch with `poll`.
  public let readEnd: Int32
  /// The end ``signal()`` writes to.
  public let writeEnd: Int32

  /// Opens the pipe, non-blocking and close-on-exec; throws when no descriptor is left.
  public init() throws(SystemCallError) {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw SystemCallError(operation: "pipe", code: errno) }
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    (readEnd, writeEnd) = (ends[0], ends[1])
  }

  /// Makes the read end readable (a full pipe already is, so a failed write is fine).
  public func signal() {
    var byte: UInt8 = 1
    _ = Foundation.write(writeEnd, &byte, 1)
  }

  /// Reads every pending byte.
  public func drain() {
    var bytes = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
    while withUnsafeMutableBytes(of: &bytes, { Foundation.read(readEnd, $0.baseAddress, 32) }) > 0 {
    }
  }

  /// Closes both ends.
  public func close() {
    _ = Foundation.close(readEnd)
    _ = Foundation.close(writeEnd)
  }
}
