import Foundation
import Testing

/// Waits for `body` for at most `limit` of real time, so a regression fails instead of hanging.
///
/// The body runs in a task of its own. If it has not returned by the deadline, the test records
/// an issue naming `what` and goes on without it (the stuck task is abandoned). Every wait in these
/// tests that a bug could turn into a hang goes through here. The limit is generous because the
/// whole suite shares two cores, and runs under ThreadSanitizer too; it is a safety net, not a
/// timing claim.
@discardableResult
func withDeadline<Value: Sendable>(
  _ what: String,
  limit: Duration = .seconds(60),
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: @escaping @Sendable () async -> Value
) async -> Value? {
  let outcome = FirstOutcome<Value>()
  let work = Task { outcome.settle(.finished(await body())) }
  let timer = Task {
    try? await Task.sleep(for: limit)
    outcome.settle(.timedOut)
  }
  let result = await outcome.wait()
  timer.cancel()
  switch result {
  case .finished(let value):
    return value
  case .timedOut:
    work.cancel()
    Issue.record("Timed out after \(limit) waiting for \(what)", sourceLocation: sourceLocation)
    return nil
  }
}

/// The first of a body's result and its deadline; later ones are ignored.
private final class FirstOutcome<Value: Sendable>: @unchecked Sendable {
  // Safe: every field is read and written with `lock` held; the continuation is resumed outside.
  enum Outcome: Sendable {
    case finished(Value)
    case timedOut
  }

  private let lock = NSLock()
  private var outcome: Outcome?
  private var waiter: CheckedContinuation<Outcome, Never>?

  func settle(_ candidate: Outcome) {
    let resume = lock.withLock { () -> (CheckedContinuation<Outcome, Never>, Outcome)? in
      guard outcome == nil else { return nil }
      outcome = candidate
      defer { waiter = nil }
      return waiter.map { ($0, candidate) }
    }
    if let (waiter, value) = resume { waiter.resume(returning: value) }
  }

  func wait() async -> Outcome {
    await withCheckedContinuation { continuation in
      let ready = lock.withLock { () -> Outcome? in
        if let outcome { return outcome }
        waiter = continuation
        return nil
      }
      if let ready { continuation.resume(returning: ready) }
    }
  }
}

/// Keeps `value` alive for the rest of the process: for what a failed test leaves locked, whose
/// release would block the thread that releases it.
func abandon(_ value: Any) {
  _ = Unmanaged.passRetained(Abandoned(value))
}

private final class Abandoned {
  let value: Any

  init(_ value: Any) {
    self.value = value
  }
}
