import Foundation

/// A value behind a lock, shareable across tasks and threads.
///
/// `Synchronization.Mutex` would do, but it needs macOS 15; the package supports macOS 13.
final class Protected<Value>: @unchecked Sendable {
  // Safe: `value` is read and written only inside `withLock`, which holds `lock` for the whole
  // access. The ReactorsTestingTests suite runs under ThreadSanitizer in CI.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value. Never call out to unknown code from `body`.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
