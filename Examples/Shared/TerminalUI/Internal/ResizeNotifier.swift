import ExampleCommandLine
import Foundation

/// Turns `SIGWINCH`, and a return from a suspension, into calls on subscribers, process-wide.
///
/// The signal handlers only write a byte to a pipe (async-signal-safe); a thread of its own reads
/// the pipe and calls every subscriber, outside any lock.
final class ResizeNotifier: @unchecked Sendable {
  // Safe: `subscribers`, `nextID` and `isStarted` are only touched with `lock` held.

  /// The notifier of this process.
  static let shared = ResizeNotifier()

  /// The pipe's write end, for the signal handlers; set before the handler is installed, -1
  /// until the notifier starts.
  nonisolated(unsafe) static var wakeWriteEnd: Int32 = -1

  private let lock = NSLock()
  private var subscribers: [Int: @Sendable () -> Void] = [:]
  private var nextID = 0
  private var isStarted = false

  /// Calls `onResize` on every `SIGWINCH` until ``unsubscribe(_:)``; returns the subscription.
  func subscribe(_ onResize: @escaping @Sendable () -> Void) -> Int {
    lock.withLock {
      if !isStarted { isStarted = start() }
      nextID += 1
      subscribers[nextID] = onResize
      return nextID
    }
  }

  /// Ends a subscription.
  func unsubscribe(_ id: Int) {
    _ = lock.withLock { subscribers.removeValue(forKey: id) }
  }

  /// Calls every subscriber, as after a resize, so that the screen is drawn again.
  /// Async-signal-safe; does nothing before the first subscription.
  static func requestRedraw() {
    var byte: UInt8 = 1
    _ = write(wakeWriteEnd, &byte, 1)
  }

  /// Opens the pipe, starts the thread and installs the handler; `false` if the pipe fails.
  private func start() -> Bool {
    guard let wake = try? WakePipe() else { return false }
    Self.wakeWriteEnd = wake.writeEnd
    let thread = Thread { [self] in
      ProcessSignals.unblock(ExitHandlers.acceptedSignals)
      var entry = pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)
      while true {
        guard poll(&entry, 1, -1) > 0 else { continue }
        wake.drain()
        let current = lock.withLock { Array(subscribers.values) }
        for subscriber in current { subscriber() }
      }
    }
    thread.name = "TerminalUI resize"
    thread.start()
    var action = sigaction()
    sigemptyset(&action.sa_mask)
    action.sa_flags = Int32(SA_RESTART)
    ExitHandlers.setHandler(&action) { _ in
      let savedErrno = errno
      ResizeNotifier.requestRedraw()
      errno = savedErrno
    }
    _ = sigaction(SIGWINCH, &action, nil)
    return true
  }
}
