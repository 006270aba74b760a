import Foundation

/// Redirects standard error to an unlinked temporary file while the terminal is interactive.
///
/// A file, not a pipe: a pipe fills up and then blocks every writer. ``RestoreState`` puts the
/// original back and replays the file when it restores the terminal, from a signal handler too,
/// so a crash's message appears on the normal screen, after the UI is gone.
enum StandardErrorCapture {
  /// Starts capturing; on any failure standard error is left as it was.
  static func start(in state: UnsafeMutablePointer<RestoreState>) {
    var template = Array((NSTemporaryDirectory() + "terminalui-stderr-XXXXXX").utf8CString)
    let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard file >= 0 else { return }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    _ = fcntl(file, F_SETFD, FD_CLOEXEC)
    let original = dup(STDERR_FILENO)
    guard original >= 0 else {
      close(file)
      return
    }
    _ = fcntl(original, F_SETFD, FD_CLOEXEC)
    state.pointee.originalStandardError = original
    state.pointee.capturedStandardError = file
    SignalSafeFlag.isCapturingStandardError.set()
    _ = dup2(file, STDERR_FILENO)
  }
}
