import ExampleCommandLine
import Foundation

/// What it takes to leave interactive mode and to come back to it, kept where a signal handler
/// can reach it.
///
/// Signal handlers may only call async-signal-safe functions, so they cannot take a lock, allocate
/// or touch Swift collections. Everything they need lives in one fixed block of memory, allocated
/// once and filled before ``SignalSafeFlag/isInteractive`` is set: both sets of attributes, the
/// descriptors, the bytes that enter and leave the alternate screen, and a buffer for replaying
/// what was written to standard error meanwhile.
struct RestoreState {
  /// The capacity of each escape sequence.
  static let sequenceCapacity = 64
  /// The capacity of ``copyBuffer``.
  static let copyBufferCapacity = 4096

  /// The descriptor whose attributes were changed.
  var input: Int32 = 0
  /// The descriptor the sequences are written to.
  var output: Int32 = 1
  /// The attributes to put back.
  var attributes = termios()
  /// The raw attributes of interactive mode, to apply again after a suspension.
  var rawAttributes = termios()
  /// Enter the alternate screen, clear it, hide the cursor.
  var enterSequence = EscapeSequence()
  /// Reset styles, show the cursor, leave the alternate screen.
  var leaveSequence = EscapeSequence()
  /// A copy of the original standard error while it is captured, else -1.
  var originalStandardError: Int32 = -1
  /// The unlinked file standard error is redirected to while it is captured, else -1.
  var capturedStandardError: Int32 = -1
  /// Room to copy the captured output back without allocating.
  var copyBuffer = UnsafeMutablePointer<UInt8>.allocate(capacity: copyBufferCapacity)

  /// Bytes to write to the terminal, stored without a Swift collection.
  struct EscapeSequence {
    let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: RestoreState.sequenceCapacity)
    var count = 0

    /// Stores `text` (cut to the capacity).
    mutating func set(_ text: String) {
      let utf8 = Array(text.utf8.prefix(RestoreState.sequenceCapacity))
      bytes.update(from: utf8, count: utf8.count)
      count = utf8.count
    }

    /// Writes the bytes to `descriptor`; async-signal-safe.
    func write(to descriptor: Int32) {
      _ = OutputFile(descriptor: descriptor).write(
        bytes: UnsafeRawBufferPointer(start: bytes, count: count))
    }
  }

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
  /// Of two callers racing (the normal path and a signal), only the one that clears each flag
  /// does that part.
  static func restoreIfActive() {
    _ = leaveIfActive()
    guard SignalSafeFlag.isCapturingStandardError.clear() else { return }
    let state = shared
    let original = state.pointee.originalStandardError
    let captured = state.pointee.capturedStandardError
    _ = dup2(original, STDERR_FILENO)
    _ = close(original)
    _ = lseek(captured, 0, SEEK_SET)
    while true {
      let count = read(captured, state.pointee.copyBuffer, copyBufferCapacity)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      _ = OutputFile.standardError.write(
        bytes: UnsafeRawBufferPointer(start: state.pointee.copyBuffer, count: count))
    }
    _ = close(captured)
  }

  /// Puts the terminal's attributes and screen back, standard error staying captured (for a
  /// suspension); returns whether it was in interactive mode. Async-signal-safe.
  static func leaveIfActive() -> Bool {
    guard SignalSafeFlag.isInteractive.clear() else { return false }
    let state = shared
    _ = tcsetattr(state.pointee.input, TCSANOW, &state.pointee.attributes)
    state.pointee.leaveSequence.write(to: state.pointee.output)
    return true
  }

  /// Enters interactive mode again after a suspension: raw attributes, the alternate screen.
  /// Async-signal-safe.
  static func reenter() {
    let state = shared
    _ = tcsetattr(state.pointee.input, TCSAFLUSH, &state.pointee.rawAttributes)
    state.pointee.enterSequence.write(to: state.pointee.output)
    SignalSafeFlag.isInteractive.set()
  }
}
