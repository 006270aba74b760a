import Foundation
import Testing

/// A failure that `ReactorsTesting` recorded, caught as a known issue.
struct RecordedFailure: Sendable, CustomStringConvertible {
  let message: String
  let line: Int?

  var description: String { message }
}

/// Runs `body` and returns the failures it records, in order, without failing the test for them.
///
/// The failures go through the real path (`Issue.record`); the caller then expects how many there
/// are and what they say. A harness test that expects none still catches an unexpected one.
func recordedFailures(
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async -> Void
) async -> [RecordedFailure] {
  let failures = FailureBox()
  await withKnownIssue(isIntermittent: true) {
    await body()
  } matching: { issue in
    let message = issue.comments.map(\.rawValue).joined(separator: "\n")
    failures.append(
      RecordedFailure(
        message: message.isEmpty ? String(describing: issue) : message,
        line: issue.sourceLocation?.line))
    return true
  }
  return failures.all
}

/// Collects failures from the known-issue matcher, which may run on any thread.
final class FailureBox: @unchecked Sendable {
  // Safe: `failures` is touched only with `lock` held.
  private let lock = NSLock()
  private var failures: [RecordedFailure] = []

  func append(_ failure: RecordedFailure) {
    lock.withLock { failures.append(failure) }
  }

  var all: [RecordedFailure] {
    lock.withLock { failures }
  }
}

/// A gate that effects wait on, ignoring cancellation, until the test opens it.
final class Gate: @unchecked Sendable {
  // Safe: `isOpen` and `waiters` are touched only with `lock` held.
  private let lock = NSLock()
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  /// Returns once the gate is open; cancelling the caller does not end the wait.
  func wait() async {
    await withCheckedContinuation { continuation in
      let passes = lock.withLock {
        if isOpen { return true }
        waiters.append(continuation)
        return false
      }
      if passes { continuation.resume() }
    }
  }

  func open() {
    let waiting = lock.withLock {
      isOpen = true
      defer { waiters = [] }
      return waiters
    }
    for waiter in waiting { waiter.resume() }
  }
}
