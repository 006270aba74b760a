import ExampleCommandLine
import Foundation

/// The terminal an interactive app draws on: raw mode, the alternate screen, size and input.
///
/// Interactive mode is undone by ``restore()`` and, with no help from the app, on every other
/// way out: `exit()`, termination signals and crashes, after which the process still ends as it
/// would have. `SIGTSTP` (``suspend()``) gives the terminal back to the shell, and `fg` brings
/// interactive mode back with a ``TerminalEvent/resize(_:)`` event. One terminal at a time is
/// in interactive mode; `SIGKILL` cannot be caught (`stty sane` repairs the terminal).
public final class Terminal: Sendable {
  /// Serializes entering and leaving interactive mode across the process.
  private static let modeLock = NSLock()

  /// The descriptor keys are read from, and whose attributes interactive mode changes.
  public let input: Int32
  /// The descriptor frames are written to.
  public let output: Int32

  /// Makes a terminal over `input` and `output` (standard input and output by default).
  public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
    self.input = input
    self.output = output
  }

  /// Enters interactive mode, if not in it already: raw input (no echo, no line editing, no
  /// signal keys: Ctrl-C arrives as a key) on the alternate screen, the cursor hidden until a
  /// frame places it. With `captureStandardError`, what is written to standard error meanwhile
  /// (a crash's message too) shows once the terminal is restored, not on the UI.
  ///
  /// - Throws: ``ExampleCommandLine/SystemCallError`` if `input` is not a terminal.
  public func enterInteractiveMode(captureStandardError: Bool = true) throws(SystemCallError) {
    Self.modeLock.lock()
    defer { Self.modeLock.unlock() }
    guard !SignalSafeFlag.isInteractive.isSet else { return }
    let state = RestoreState.shared
    guard tcgetattr(input, &state.pointee.attributes) == 0 else {
      throw SystemCallError(operation: "tcgetattr", code: errno)
    }
    (state.pointee.input, state.pointee.output) = (input, output)
    state.pointee.rawAttributes = Self.rawAttributes(from: state.pointee.attributes)
    if captureStandardError && output != STDERR_FILENO { RestoreState.captureStandardError() }
    ExitHandlers.installOnce()
    // Set first, so that a signal arriving meanwhile still restores.
    SignalSafeFlag.isInteractive.set()
    guard tcsetattr(input, TCSAFLUSH, &state.pointee.rawAttributes) == 0 else {
      let code = errno
      RestoreState.restoreIfActive()
      throw SystemCallError(operation: "tcsetattr", code: code)
    }
    RestoreState.writeScreenSequence(entering: true)
  }

  /// Leaves interactive mode: restores the saved attributes, shows the cursor and leaves the
  /// alternate screen. Does nothing when not in interactive mode, so it is safe to call twice.
  public func restore() {
    Self.modeLock.withLock { RestoreState.restoreIfActive() }
  }

  /// Stops the process as Ctrl-Z does outside raw mode (`SIGTSTP`), until `fg`.
  public func suspend() {
    kill(getpid(), SIGTSTP)
  }

  /// The window size (`TIOCGWINSZ`), or 24 rows of 80 columns when it cannot be read.
  public var size: TerminalSize {
    for descriptor in [output, input] {
      var window = winsize()
      #if canImport(Darwin)
      let result = ioctl(descriptor, TIOCGWINSZ, &window)
      #else
      let result = ioctl(descriptor, UInt(TIOCGWINSZ), &window)
      #endif
      if result == 0 && window.ws_row > 0 && window.ws_col > 0 {
        return TerminalSize(rows: Int(window.ws_row), columns: Int(window.ws_col))
      }
    }
    return .standard
  }

  /// Writes `text` to the output as UTF-8, all of it.
  public func write(_ text: String) {
    OutputFile(descriptor: output).write(text)
  }

  /// Writes `text` only while this terminal is in interactive mode, and returns whether it did.
  ///
  /// A frame drawn late (a timer's tick after the app's loop ended, or during a suspension)
  /// would land on the shell the terminal was given back to. Holding the mode lock orders the
  /// write against ``restore()``: once that returns, nothing more is written. (A termination
  /// signal's handler restores without the lock, and the process ends right after it.)
  func writeWhileInteractive(_ text: String) -> Bool {
    Self.modeLock.withLock {
      guard SignalSafeFlag.isInteractive.isSet, RestoreState.shared.pointee.output == output
      else { return false }
      write(text)
      return true
    }
  }

  /// `attributes` with raw input and unchanged output processing.
  static func rawAttributes(from attributes: termios) -> termios {
    var raw = attributes
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
    raw.c_cflag |= tcflag_t(CS8)
    withUnsafeMutableBytes(of: &raw.c_cc) { controlCharacters in
      controlCharacters[Int(VMIN)] = 1
      controlCharacters[Int(VTIME)] = 0
    }
    return raw
  }
}
