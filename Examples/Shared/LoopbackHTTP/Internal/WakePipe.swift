#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A pipe used only to wake a thread blocked in `poll`: one side writes a byte, the poller sees
/// the read end become readable.
///
/// Both ends are non-blocking and close-on-exec. A signal that is never drained stays visible to
/// every poller, which is how the server's stop signal reaches all its threads at once.
struct WakePipe: Sendable {
  /// The end to watch with `poll`.
  let readEnd: Int32
  /// The end ``signal()`` writes to.
  let writeEnd: Int32

  /// Opens a pipe.
  static func make() throws(LoopbackServerError) -> WakePipe {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw LoopbackServerError(operation: "pipe", code: errno) }
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    return WakePipe(readEnd: ends[0], writeEnd: ends[1])
  }

  /// Makes the read end readable (a full pipe is already readable, so a failed write is fine).
  func signal() {
    var byte: UInt8 = 1
    _ = write(writeEnd, &byte, 1)
  }

  /// Reads every pending byte so the read end stops being readable.
  func drain() {
    var bytes = [UInt8](repeating: 0, count: 64)
    while read(readEnd, &bytes, bytes.count) > 0 {}
  }

  /// Closes both ends.
  func close() {
    #if canImport(Darwin)
    _ = Darwin.close(readEnd)
    _ = Darwin.close(writeEnd)
    #else
    _ = Glibc.close(readEnd)
    _ = Glibc.close(writeEnd)
    #endif
  }
}
