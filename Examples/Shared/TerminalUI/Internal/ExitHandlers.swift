import ExampleCommandLine
import Foundation

/// The handlers that restore the terminal on every way out of the process — `exit` (and a normal
/// return from `main`), termination signals and crashes — and across a suspension (`SIGTSTP`,
/// then `fg`).
///
/// Each ending signal's handler restores the terminal with ``RestoreState/restoreIfActive()``,
/// puts back the disposition the signal had before (the default action, or the Swift runtime's
/// crash reporter), and raises the signal again, so the process ends exactly as it would have —
/// only with a usable terminal. `SIGTSTP` leaves interactive mode, stops the process the default
/// way, and once continued enters interactive mode again and asks for a redraw; `SIGCONT` after
/// a `SIGSTOP` (which cannot be caught) applies raw mode again, which the shell took back. A
/// signal that was ignored when the handlers were installed (`nohup`) is left ignored.
/// Everything the handlers call is async-signal-safe: `tcsetattr`, `write`, `sigaction`,
/// `pthread_sigmask`, `raise`.
enum ExitHandlers {
  /// Signals sent to end the process (SIGINT only comes from the keyboard outside raw mode).
  static let terminationSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

  /// Termination signals and crashes (Swift traps raise SIGILL or SIGTRAP).
  static let endingSignals =
    terminationSignals + [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

  /// The signals the library's threads accept: a thread starts with its creator's signal mask,
  /// and the threads of Swift's cooperative pool block most signals, so the library's own
  /// threads unblock these and a signal sent to the process always finds a thread to run on.
  static let acceptedSignals = terminationSignals + [SIGTSTP, SIGCONT, SIGWINCH]

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
    // Initialise every global a handler reads before any handler can run.
    _ = RestoreState.shared
    _ = SignalSafeFlag.isInteractive.isSet
    _ = SignalSafeFlag.isCapturingStandardError.isSet
    _ = ResizeNotifier.wakeWriteEnd
    atexit { RestoreState.restoreIfActive() }
    for signal in endingSignals {
      install(signal) { signal in
        // The interrupted code may read errno next; the calls below can change it.
        let savedErrno = errno
        RestoreState.restoreIfActive()
        _ = sigaction(signal, ExitHandlers.previousActions + Int(signal), nil)
        _ = raise(signal)
        errno = savedErrno
      }
    }
    install(SIGTSTP) { _ in
      let savedErrno = errno
      ExitHandlers.suspend()
      errno = savedErrno
    }
    install(SIGCONT) { _ in
      let savedErrno = errno
      if SignalSafeFlag.isInteractive.isSet {
        let state = RestoreState.shared
        _ = tcsetattr(state.pointee.input, TCSANOW, &state.pointee.rawAttributes)
        ResizeNotifier.requestRedraw()
      }
      errno = savedErrno
    }
  }

  /// Leaves interactive mode, stops the process as `SIGTSTP` does by default, and when it is
  /// continued (`fg`) enters interactive mode again and asks for a redraw.
  private static func suspend() {
    let wasInteractive = RestoreState.leaveIfActive()
    var ours = sigaction()
    _ = sigaction(SIGTSTP, previousActions + Int(SIGTSTP), &ours)
    // The signal is blocked while its handler runs: unblock it so that raising it stops now.
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGTSTP)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    _ = raise(SIGTSTP)
    // Continued.
    _ = sigaction(SIGTSTP, &ours, nil)
    if wasInteractive {
      RestoreState.reenter()
      ResizeNotifier.requestRedraw()
    }
  }

  /// Installs `handler` for `signal`, keeping the previous disposition; a signal that was
  /// ignored stays ignored.
  private static func install(
    _ signal: Int32, _ handler: @escaping @convention(c) (Int32) -> Void
  ) {
    var action = sigaction()
    sigemptyset(&action.sa_mask)
    action.sa_flags = signal == SIGTSTP || signal == SIGCONT ? Int32(SA_RESTART) : 0
    setHandler(&action, handler)
    let previous = previousActions + Int(signal)
    _ = sigaction(signal, &action, previous)
    if isIgnored(previous.pointee) {
      _ = sigaction(signal, previous, nil)
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
