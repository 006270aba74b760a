import Foundation
import Testing

/// A thread-safe list that tests append to from effects and observers, and wait on.
final class Recorder<Element: Sendable>: @unchecked Sendable {
  // Safe: all fields are guarded by `lock`; continuations are resumed outside it.
  private let lock = NSLock()
  private var elements: [Element] = []
  private var waiters: [(Int, CheckedContinuation<Void, Never>)] = []

  /// Everything recorded so far, in order.
  var values: [Element] { lock.withLock { elements } }

  /// Forgets everything recorded, to break a cycle through a recorded value at the end of a test.
  func removeAll() {
    lock.withLock { elements.removeAll() }
  }

  /// Appends `element` and wakes the waiters it satisfies.
  func record(_ element: Element) {
    let ready = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
      elements.append(element)
      let ready = waiters.filter { $0.0 <= elements.count }.map(\.1)
      waiters.removeAll { $0.0 <= elements.count }
      return ready
    }
    for waiter in ready { waiter.resume() }
  }

  /// Returns once at least `count` elements were recorded; fails the test if that takes longer
  /// than the deadline of ``withDeadline(_:limit:sourceLocation:_:)``.
  func waitForCount(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
    await withDeadline("\(count) recorded values", sourceLocation: sourceLocation) {
      await self.waitForCountWithoutDeadline(count)
    }
  }

  private func waitForCountWithoutDeadline(_ count: Int) async {
    await withCheckedContinuation { continuation in
      let isReady = lock.withLock {
        if elements.count >= count { return true }
        waiters.append((count, continuation))
        return false
      }
      if isReady { continuation.resume() }
    }
  }
}
