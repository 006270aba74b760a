import Foundation

/// The one way out of an example: what it does before it ends (flush its saved state, report
/// its recording), run once, whether it quits by itself or is asked to end by a signal.
///
/// ```swift
/// let exitPath = ExitPath { await stateFile?.flush() }
/// exitPath.handleTerminationSignals()
/// // ... run ...
/// if end == .interrupted { await exitPath.end(by: SIGINT) }
/// await exitPath.exit(status: status)
/// ```
///
/// With ``handleTerminationSignals()``, `SIGINT` (Ctrl-C outside raw mode), `SIGTERM` (`kill`,
/// `timeout`) and `SIGHUP` (the terminal closed) take the same way out as a quit, and the process
/// then ends by the signal, as a shell expects (130, 143, 129). A second one while `finish` runs
/// ends the process at once, as pressing Ctrl-C again does in most programs.
public final class ExitPath: Sendable {
  private let finish: @Sendable () async -> Void
  private let finishing = NSLock()
  // Safe: only read and written with `finishing` held.
  nonisolated(unsafe) private var task: Task<Void, Never>?

  /// An exit path that runs `finish` before the process ends.
  public init(finish: @escaping @Sendable () async -> Void) {
    self.finish = finish
  }

  /// Runs `finish` (or waits for the run already started), then exits with `status`.
  public func exit(status: Int32) async -> Never {
    await finishOnce()
    Foundation.exit(status)
  }

  /// Runs `finish` (or waits for the run already started), then ends the process by `signal`
  /// (``ProcessSignals/end(by:)``).
  public func end(by signal: Int32) async -> Never {
    await finishOnce()
    ProcessSignals.end(by: signal)
  }

  /// Makes `SIGINT`, `SIGTERM` and `SIGHUP` end the process through ``end(by:)``; a signal ignored
  /// now (`nohup`) stays ignored. Call it once, before the terminal enters interactive mode: that
  /// mode's handlers then restore the terminal first and hand the signal on to these.
  public func handleTerminationSignals() {
    TerminationSignals.install { signal in await self.end(by: signal) }
  }

  private func finishOnce() async {
    let running = finishing.withLock {
      if let task { return task }
      let started = Task { await finish() }
      task = started
      return started
    }
    await running.value
  }
}

/// The signal handlers of ``ExitPath/handleTerminationSignals()``: a handler only writes the
/// signal's number to a pipe (async-signal-safe), and a thread of its own reads it and starts the
/// way out.
private enum TerminationSignals {
  static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP]

  /// The pipe's write end, then whether a signal came; read by the handler, so set before it is
  /// installed and never freed.
  nonisolated(unsafe) static let state: UnsafeMutablePointer<(writeEnd: Int32, hasCome: Bool)> = {
    let pointer = UnsafeMutablePointer<(writeEnd: Int32, hasCome: Bool)>.allocate(capacity: 1)
    pointer.initialize(to: (-1, false))
    return pointer
  }()

  static func install(_ end: @escaping @Sendable (Int32) async -> Void) {
    guard let pipe = try? WakePipe() else { return }  // No descriptor left: signals end as ever.
    state.pointee = (pipe.writeEnd, false)
    Thread.detachNewThread {
      guard let signal = waitForSignal(on: pipe) else { return }
      Task { await end(signal) }
    }
    var action = sigaction()
    sigemptyset(&action.sa_mask)
    for signal in handled { sigaddset(&action.sa_mask, signal) }
    action.setHandler { signal in
      let savedErrno = errno
      if TerminationSignals.state.pointee.hasCome {
        // A second request: end now, by the default action, once this handler returns.
        _ = Foundation.signal(signal, SIG_DFL)
        _ = raise(signal)
      } else {
        TerminationSignals.state.pointee.hasCome = true
        var number = UInt8(truncatingIfNeeded: signal)
        _ = Foundation.write(TerminationSignals.state.pointee.writeEnd, &number, 1)
      }
      errno = savedErrno
    }
    for signal in handled {
      var previous = sigaction()
      _ = sigaction(signal, &action, &previous)
      if isIgnored(previous) { _ = sigaction(signal, &previous, nil) }
    }
  }

  /// The number of the first signal written to `pipe`, once it comes.
  private static func waitForSignal(on pipe: WakePipe) -> Int32? {
    var entry = pollfd(fd: pipe.readEnd, events: Int16(POLLIN), revents: 0)
    var number: UInt8 = 0
    while true {
      if poll(&entry, 1, -1) < 0 && errno != EINTR { return nil }
      if Foundation.read(pipe.readEnd, &number, 1) == 1 { return Int32(number) }
    }
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
