import ExampleCommandLine
import Foundation

/// What it takes to leave interactive mode and come back to it, in one fixed block that signal
/// handlers can read without a lock, an allocation or a Swift collection.
struct RestoreState {
  /// The descriptor whose attributes were changed.
  var input: Int32 = 0
  /// The descriptor the sequences are written to.
  var output: Int32 = 1
  /// The attributes to put back.
  var attributes = termios()
  /// The raw attributes of interactive mode, to apply again after a suspension.
  var rawAttributes = termios()
  /// A copy of the original standard error while it is captured, else -1.
  var originalStandardError: Int32 = -1
  /// The unlinked file standard error goes to while it is captured, else -1.
  var capturedStandardError: Int32 = -1
  /// Room to copy the captured output back without allocating.
  var copyBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 1)

  /// The one block the handlers read; allocated before any handler is installed, never freed.
  nonisolated(unsafe) static let shared: UnsafeMutablePointer<RestoreState> = {
    let pointer = UnsafeMutablePointer<RestoreState>.allocate(capacity: 1)
    pointer.initialize(to: RestoreState())
    return pointer
  }()

  /// Sends standard error to an unlinked temporary file (a pipe could fill up and block) until
  /// ``restoreIfActive()`` puts it back and replays it, after the UI is gone.
  static func captureStandardError() {
    var template = Array((NSTemporaryDirectory() + "terminalui-stderr-XXXXXX").utf8CString)
    let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard file >= 0 else { return }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    let original = dup(STDERR_FILENO)
    guard original >= 0 else {
      _ = close(file)
      return
    }
    _ = fcntl(file, F_SETFD, FD_CLOEXEC)
    _ = fcntl(original, F_SETFD, FD_CLOEXEC)
    shared.pointee.originalStandardError = original
    shared.pointee.capturedStandardError = file
    SignalSafeFlag.isCapturingStandardError.set()
    _ = dup2(file, STDERR_FILENO)
  }

  /// Puts the terminal back if it is in interactive mode, then standard error with what was
  /// captured; of two racing callers, only the one that clears each flag acts. Signal-safe.
  static func restoreIfActive() {
    _ = leaveIfActive()
    guard SignalSafeFlag.isCapturingStandardError.clear() else { return }
    let state = shared.pointee
    _ = dup2(state.originalStandardError, STDERR_FILENO)
    _ = close(state.originalStandardError)
    _ = lseek(state.capturedStandardError, 0, SEEK_SET)
    while true {
      let count = read(
        state.capturedStandardError, state.copyBuffer.baseAddress, state.copyBuffer.count)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      OutputFile.standardError.write(
        bytes: UnsafeRawBufferPointer(rebasing: state.copyBuffer[..<count]))
    }
    _ = close(state.capturedStandardError)
  }

  /// Puts the terminal's attributes and screen back, standard error staying captured (for a
  /// suspension); returns whether it was in interactive mode. Async-signal-safe.
  static func leaveIfActive() -> Bool {
    guard SignalSafeFlag.isInteractive.clear() else { return false }
    _ = tcsetattr(shared.pointee.input, TCSANOW, &shared.pointee.attributes)
    writeScreenSequence(entering: false)
    return true
  }

  /// Enters interactive mode again after a suspension. Async-signal-safe.
  static func reenter() {
    _ = tcsetattr(shared.pointee.input, TCSAFLUSH, &shared.pointee.rawAttributes)
    writeScreenSequence(entering: true)
    SignalSafeFlag.isInteractive.set()
  }

  /// Enters the alternate screen, clears it and hides the cursor, or resets the style, shows the
  /// cursor and leaves it. Async-signal-safe: a static string is never allocated.
  static func writeScreenSequence(entering: Bool) {
    let sequence: StaticString =
      entering ? "\u{1B}[?1049h\u{1B}[H\u{1B}[2J\u{1B}[?25l" : "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
    OutputFile(descriptor: shared.pointee.output).write(
      bytes: UnsafeRawBufferPointer(start: sequence.utf8Start, count: sequence.utf8CodeUnitCount))
  }
}
