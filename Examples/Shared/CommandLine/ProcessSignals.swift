import Foundation

/// How the example executables treat signals: the same in both, and as shells expect.
///
/// `SIGINT` (Ctrl-C), `SIGTERM`, `SIGHUP` and `SIGQUIT` end the process by that signal, so a
/// shell reports 130 for Ctrl-C and a calling script stops too; the interactive mode reads
/// Ctrl-C as a key and ends by ``end(by:)`` once the terminal is restored. With
/// ``ExitPath/handleTerminationSignals()``, `SIGINT`, `SIGTERM` and `SIGHUP` first take the
/// program's way out (saving its state), then end it by the signal all the same. `SIGPIPE` is ignored,
/// so a socket closed by its peer is an error, not the end (``OutputFile`` still ends the
/// process when standard output is closed).
public enum ProcessSignals {
  /// Ignores `SIGPIPE` and unblocks the signals that stop a program, on this thread. Call it
  /// first in `main`: a parent may start the process with them blocked (a test runner does).
  public static func prepare() {
    signal(SIGPIPE, SIG_IGN)
    unblock([SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP])
  }

  /// Ends the process by `signal` with its default action, so that the parent sees the signal
  /// (a shell prints 128 + its number).
  public static func end(by number: Int32) -> Never {
    _ = signal(number, SIG_DFL)
    unblock([number])
    _ = raise(number)
    _exit(128 + number)  // Only for a signal whose default action does not end the process.
  }

  /// Unblocks `signals` on the calling thread.
  public static func unblock(_ signals: [Int32]) {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in signals { sigaddset(&set, signal) }
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }
}
