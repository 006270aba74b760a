#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// What it takes to put the terminal back, kept where a signal handler can reach it.
///
/// Signal handlers may only call async-signal-safe functions, so they cannot take a lock, allocate
/// or touch Swift collections. Everything they need lives in one fixed block of memory, allocated
/// once and filled while no handler can run: the saved attributes, the descriptors, and the bytes
/// that show the cursor and leave the alternate screen.
struct RestoreState {
  /// The capacity of ``sequence``.
  static let sequenceCapacity = 64

  /// Whether the terminal is in interactive mode and needs restoring (1) or not (0).
  var isActive: sig_atomic_t = 0
  /// The descriptor whose attributes were changed.
  var input: Int32 = 0
  /// The descriptor the restore sequence is written to.
  var output: Int32 = 1
  /// The attributes to put back.
  var attributes = termios()
  /// The restore sequence: reset styles, show the cursor, leave the alternate screen.
  var sequence: (UnsafeMutablePointer<UInt8>, count: Int) = (
    UnsafeMutablePointer<UInt8>.allocate(capacity: sequenceCapacity), 0
  )

  /// The one block the handlers read; allocated on first use, never freed.
  ///
  /// `Terminal` touches it before installing any handler, so a handler never runs its
  /// initialiser.
  nonisolated(unsafe) static let shared: UnsafeMutablePointer<RestoreState> = {
    let pointer = UnsafeMutablePointer<RestoreState>.allocate(capacity: 1)
    pointer.initialize(to: RestoreState())
    return pointer
  }()

  /// Puts the terminal back if it is in interactive mode. Async-signal-safe: `tcsetattr` and
  /// `write` only.
  ///
  /// Two callers racing (the normal path and a signal) may both restore; doing it twice is
  /// harmless.
  static func restoreIfActive() {
    let state = shared
    guard state.pointee.isActive != 0 else { return }
    state.pointee.isActive = 0
    _ = tcsetattr(state.pointee.input, TCSANOW, &state.pointee.attributes)
    var written = 0
    let (bytes, count) = state.pointee.sequence
    while written < count {
      let result = write(state.pointee.output, bytes + written, count - written)
      if result > 0 {
        written += result
      } else if result < 0 && errno == EINTR {
        continue
      } else {
        break
      }
    }
  }
}
