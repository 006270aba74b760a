import ExampleCommandLine
import Foundation

/// Requests to draw the whole screen again — a window resize (`SIGWINCH`) or a return from a
/// suspension — kept as bytes in a process-wide pipe that the input reader watches; a signal
/// handler only writes a byte, which is async-signal-safe.
enum RedrawRequests {
  /// The pipe, once ``start()`` opened it.
  nonisolated(unsafe) private(set) static var pipe: WakePipe?
  private static let lock = NSLock()

  /// Opens the pipe and handles `SIGWINCH` the first time; after that, drops the requests nobody
  /// read, so that a new reader starts clean.
  static func start() {
    lock.withLock {
      if let pipe { return pipe.drain() }
      pipe = try? WakePipe()
      var action = sigaction()
      sigemptyset(&action.sa_mask)
      action.sa_flags = Int32(SA_RESTART)
      action.setHandler { _ in
        let savedErrno = errno
        RedrawRequests.request()
        errno = savedErrno
      }
      _ = sigaction(SIGWINCH, &action, nil)
    }
  }

  /// Asks for a redraw; async-signal-safe, and nothing happens before ``start()``.
  static func request() {
    pipe?.signal()
  }
}
