#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The handlers that restore the terminal on every way out of the process: `exit` (and a normal
/// return from `main`), termination signals and crashes.
///
/// Each signal handler restores the terminal with ``RestoreState/restoreIfActive()``, puts back
/// the disposition the signal had before (the default action, or the Swift runtime's crash
/// reporter), and raises the signal again, so the process ends exactly as it would have — only
/// with a usable terminal. A signal that was ignored when the handlers were installed (`nohup`)
/// is left ignored. Everything the handlers call is async-signal-safe: `tcsetattr`, `write`,
/// `sigaction`, `raise`.
enum ExitHandlers {
  /// Signals sent to end the process (SIGINT only comes from the keyboard outside raw mode).
  static let terminationSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

  /// Termination signals and crashes (Swift traps raise SIGILL or SIGTRAP).
  static let signals = terminationSignals + [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

  /// Unblocks `signals` on the calling thread.
  ///
  /// A thread starts with its creator's signal mask, and the threads of Swift's cooperative pool
  /// block most signals; the library's own threads unblock these so that a signal sent to the
  /// process always finds a thread to run its handler.
  static func acceptSignals(_ signals: [Int32]) {
    var set = sigset_t()
    sigemptyset(&set)
    for signal in signals { sigaddset(&set, signal) }
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }

  /// The dispositions in place before ours, indexed by signal number; read by the handlers.
  nonisolated(unsafe) private static let previousActions: UnsafeMutablePointer<sigaction> = {
    let count = 65
    let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: count)
    pointer.initialize(repeating: sigaction(), count: count)
    return pointer
  }()

  nonisolated(unsafe) private static var isInstalled = false

  /// Installs the handlers and the `atexit` hook, once per process.
  ///
  /// Call with the terminal lock held, after ``RestoreState/shared`` is filled in.
  static func installOnce() {
    guard !isInstalled else { return }
    isInstalled = true
    _ = RestoreState.shared
    let previous = previousActions
    atexit { RestoreState.restoreIfActive() }
    for signal in signals {
      var action = sigaction()
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      setHandler(&action) { signal in
        RestoreState.restoreIfActive()
        _ = sigaction(signal, ExitHandlers.previousActions + Int(signal), nil)
        _ = raise(signal)
      }
      _ = sigaction(signal, &action, previous + Int(signal))
      if isIgnored(previous[Int(signal)]) {
        _ = sigaction(signal, previous + Int(signal), nil)
      }
    }
  }

  /// Sets a plain (one-argument) handler on `action`.
  static func setHandler(
    _ action: inout sigaction, _ handler: @escaping @convention(c) (Int32) -> Void
  ) {
    #if canImport(Darwin)
    action.__sigaction_u.__sa_handler = handler
    #else
    action.__sigaction_handler.sa_handler = handler
    #endif
  }

  private static func isIgnored(_ action: sigaction) -> Bool {
    #if canImport(Darwin)
    let handler = action.__sigaction_u.__sa_handler
    #else
    let handler = action.__sigaction_handler.sa_handler
    #endif
    guard action.sa_flags & Int32(SA_SIGINFO) == 0, let handler else { return false }
    return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
  }
}
