import Foundation

/// How the example executables treat signals: the same in both, and as shells expect.
///
/// - `SIGINT` (Ctrl-C), `SIGTERM`, `SIGHUP`, `SIGQUIT` end the process by that signal, so a
///   shell reports 130 for Ctrl-C and a calling script stops too. The interactive mode reads
///   Ctrl-C as a key and ends by ``end(by:)`` once the terminal is restored.
/// - `SIGPIPE` is ignored, so a socket closed by its peer is an error, not the end; a closed
///   standard output still ends the process by `SIGPIPE` (``OutputFile``).
public enum ProcessSignals {
  /// The signals a person or a shell sends to stop a program.
  public static let stopSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP]

  /// Sets up the process: `SIGPIPE` ignored, and ``stopSignals`` unblocked on this thread.
  ///
  /// Call it first in `main`. A parent may start the process with signals blocked (a test
  /// runner's thread does); without this, Ctrl-C and `kill` would have no effect.
  public static func prepare() {
    signal(SIGPIPE, SIG_IGN)
    unblock(stopSignals)
  }

  /// Ends the process by `signal` with its default action, as if it had never been caught or
  /// ignored: the parent sees the signal (a shell prints 128 + its number).
  public static func end(by number: Int32) -> Never {
    _ = signal(number, SIG_DFL)
    unblock([number])
    _ = raise(number)
    // Only reached for a signal whose default action does not end the process.
    _exit(128 + number)
  }

  /// Unblocks `signals` on the calling thread.
  public static func unblock(_ signals: [Int32]) {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in signals { sigaddset(&set, signal) }
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }
}
