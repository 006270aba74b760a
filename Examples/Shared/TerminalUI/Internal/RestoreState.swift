#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// What it takes to put the terminal back, kept where a signal handler can reach it.
///
/// Signal handlers may only call async-signal-safe functions, so they cannot take a lock, allocate
/// or touch Swift collections. Everything they need lives in one fixed block of memory, allocated
/// once and filled before ``ActiveFlag`` is set: the saved attributes, the descriptors, the bytes
/// that show the cursor and leave the alternate screen, and a buffer for replaying what was
/// written to standard error meanwhile.
struct RestoreState {
  /// The capacity of ``sequence``.
  static let sequenceCapacity = 64
  /// The capacity of ``copyBuffer``.
  static let copyBufferCapacity = 4096

  /// The descriptor whose attributes were changed.
  var input: Int32 = 0
  /// The descriptor the restore sequence is written to.
  var output: Int32 = 1
  /// The attributes to put back.
  var attributes = termios()
  /// The restore sequence: reset styles, show the cursor, leave the alternate screen.
  var sequence = UnsafeMutablePointer<UInt8>.allocate(capacity: sequenceCapacity)
  /// The number of bytes of ``sequence`` in use.
  var sequenceCount = 0
  /// A copy of the original standard error while it is captured, else -1.
  var originalStandardError: Int32 = -1
  /// The unlinked file standard error is redirected to while it is captured, else -1.
  var capturedStandardError: Int32 = -1
  /// Room to copy the captured output back without allocating.
  var copyBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: copyBufferCapacity)

  /// The one block the handlers read; allocated on first use, never freed.
  ///
  /// `Terminal` touches it before installing any handler, so a handler never runs its
  /// initialiser.
  nonisolated(unsafe) static let shared: UnsafeMutablePointer<RestoreState> = {
    let pointer = UnsafeMutablePointer<RestoreState>.allocate(capacity: 1)
    pointer.initialize(to: RestoreState())
    return pointer
  }()

  /// Puts the terminal back if it is in interactive mode, then puts standard error back and
  /// writes to it what was captured. Async-signal-safe: `tcsetattr`, `write`, `dup2`, `lseek`,
  /// `read` and `close` only.
  ///
  /// Of two callers racing (the normal path and a signal), only the one that clears
  /// ``ActiveFlag`` restores.
  static func restoreIfActive() {
    guard ActiveFlag.clear() else { return }
    let state = shared
    _ = tcsetattr(state.pointee.input, TCSANOW, &state.pointee.attributes)
    writeAll(state.pointee.output, state.pointee.sequence, state.pointee.sequenceCount)
    let original = state.pointee.originalStandardError
    let captured = state.pointee.capturedStandardError
    guard original >= 0, captured >= 0 else { return }
    state.pointee.originalStandardError = -1
    state.pointee.capturedStandardError = -1
    _ = dup2(original, STDERR_FILENO)
    _ = close(original)
    _ = lseek(captured, 0, SEEK_SET)
    while true {
      let count = read(captured, state.pointee.copyBuffer, copyBufferCapacity)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      writeAll(STDERR_FILENO, state.pointee.copyBuffer, count)
    }
    _ = close(captured)
  }

  /// Writes `count` bytes, retrying after interruptions and short writes; gives up on errors.
  private static func writeAll(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) {
    var written = 0
    while written < count {
      let result = write(descriptor, bytes + written, count - written)
      if result > 0 {
        written += result
      } else if result < 0 && errno == EINTR {
        continue
      } else {
        return
      }
    }
  }
}
