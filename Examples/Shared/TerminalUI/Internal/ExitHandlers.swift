import ExampleCommandLine
import Foundation

/// The handlers that restore the terminal on every way out of the process (`exit`, termination
/// signals, crashes) and across a suspension, with async-signal-safe calls only.
///
/// An ending signal's handler restores the terminal, puts back the signal's previous
/// disposition (the default, the Swift runtime's crash reporter, or `ExitPath`'s handler, which
/// saves the app's state before ending) and raises it again, so the process ends as it would
/// have. `SIGTSTP` leaves interactive mode and stops; once continued it
/// enters it again and asks for a redraw. `SIGCONT` after a `SIGSTOP` applies raw mode again.
/// A signal ignored at installation (`nohup`) stays ignored.
enum ExitHandlers {
  /// Signals sent to end the process (SIGINT only comes from the keyboard outside raw mode).
  static let terminationSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

  /// The signals our threads unblock, since the cooperative pool's threads block most signals.
  static let acceptedSignals = terminationSignals + [SIGTSTP, SIGCONT, SIGWINCH]

  /// The dispositions in place before ours, indexed by signal number; read by the handlers.
  nonisolated(unsafe) private static let previousActions: UnsafeMutablePointer<sigaction> = {
    let pointer = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    pointer.initialize(repeating: sigaction(), count: 65)
    return pointer
  }()

  nonisolated(unsafe) private static var isInstalled = false

  /// Installs the handlers and the `atexit` hook, once per process; call with the terminal lock
  /// held, after ``RestoreState/shared`` is filled in.
  static func installOnce() {
    guard !isInstalled else { return }
    isInstalled = true
    // Initialise every global a handler reads before any handler can run.
    _ = (RestoreState.shared, SignalSafeFlag.isInteractive.isSet, RedrawRequests.pipe)
    _ = SignalSafeFlag.isCapturingStandardError.isSet
    atexit { RestoreState.restoreIfActive() }
    // Crashes too: Swift traps raise SIGILL or SIGTRAP.
    for signal in terminationSignals + [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] {
      install(signal) { signal in
        let savedErrno = errno  // The interrupted code may read it next.
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
        RedrawRequests.request()
      }
      errno = savedErrno
    }
  }

  /// Leaves interactive mode, stops as `SIGTSTP` does by default, and when continued (`fg`)
  /// enters interactive mode again and asks for a redraw.
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
      RedrawRequests.request()
    }
  }

  /// Installs `handler` for `signal`, keeping the previous disposition; a signal that was
  /// ignored stays ignored.
  private static func install(_ signal: Int32, _ handler: @escaping @convention(c) (Int32) -> Void)
  {
    var action = sigaction()
    sigemptyset(&action.sa_mask)
    action.sa_flags = signal == SIGTSTP || signal == SIGCONT ? Int32(SA_RESTART) : 0
    action.setHandler(handler)
    let previous = previousActions + Int(signal)
    _ = sigaction(signal, &action, previous)
    #if canImport(Darwin)
    let previousHandler = previous.pointee.__sigaction_u.__sa_handler
    #else
    let previousHandler = previous.pointee.__sigaction_handler.sa_handler
    #endif
    if previous.pointee.sa_flags & Int32(SA_SIGINFO) == 0, let previousHandler,
      unsafeBitCast(previousHandler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    {
      _ = sigaction(signal, previous, nil)
    }
  }
}
