import Testing

@testable import ReactorsTesting

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
  // The matcher may run on any thread.
  let failures = Protected<[RecordedFailure]>([])
  await withKnownIssue(isIntermittent: true) {
    await body()
  } matching: { issue in
    let message = issue.comments.map(\.rawValue).joined(separator: "\n")
    let failure = RecordedFailure(
      message: message.isEmpty ? String(describing: issue) : message,
      line: issue.sourceLocation?.line)
    failures.withLock { $0.append(failure) }
    return true
  }
  return failures.withLock { $0 }
}

/// A gate that effects wait on, ignoring cancellation, until the test opens it.
final class Gate: Sendable {
  private struct Contents {
    var isOpen = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let contents = Protected(Contents())

  /// Returns once the gate is open; cancelling the caller does not end the wait.
  func wait() async {
    await withCheckedContinuation { continuation in
      let passes = contents.withLock { contents in
        if contents.isOpen { return true }
        contents.waiters.append(continuation)
        return false
      }
      if passes { continuation.resume() }
    }
  }

  func open() {
    let waiting = contents.withLock { contents in
      contents.isOpen = true
      defer { contents.waiters = [] }
      return contents.waiters
    }
    for waiter in waiting { waiter.resume() }
  }
}
