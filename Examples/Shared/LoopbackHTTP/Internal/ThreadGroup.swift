import Foundation

/// The server's own threads (the accept loop and one per connection), so that stopping can wait
/// until every one of them has closed its sockets and returned.
final class ThreadGroup: @unchecked Sendable {
  // Safe: `running` is only touched with `condition` locked.

  private let condition = NSCondition()
  private var running = 0

  /// Starts `body` on a new thread that counts as running until `body` returns.
  func spawn(named name: String, _ body: @escaping @Sendable () -> Void) {
    condition.withLock { running += 1 }
    let thread = Thread { [self] in
      body()
      condition.withLock {
        running -= 1
        condition.broadcast()
      }
    }
    thread.name = name
    thread.start()
  }

  /// Blocks until no thread of the group is running.
  ///
  /// > Important: Never call it from one of the group's threads: it would wait for itself.
  func waitUntilAllReturn() {
    condition.withLock {
      while running > 0 { condition.wait() }
    }
  }
}
