import Foundation
import Testing

/// A latch that effects in tests wait on until the test opens it; waiting is cancellable.
///
/// Lets a test hold an effect "in flight" for exactly as long as it needs, without sleeping.
final class Gate: @unchecked Sendable {
  // Safe: all fields are guarded by `lock`; continuations are resumed outside it.
  private let lock = NSLock()
  private var isOpen = false
  private var waiters: [UUID: CheckedContinuation<Void, any Error>] = [:]
  private var arrivals = 0
  private var arrivalWaiters: [(Int, CheckedContinuation<Void, Never>)] = []

  /// Lets every current and future waiter through.
  func open() {
    let resumed = lock.withLock {
      isOpen = true
      defer { waiters = [:] }
      return Array(waiters.values)
    }
    for waiter in resumed { waiter.resume() }
  }

  /// Suspends until the gate opens; throws `CancellationError` if the task is cancelled first.
  func wait() async throws {
    let id = UUID()
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        // Decided once, under the lock that `open()` and `onCancel` take: a cancellation that
        // came first set the flag before its handler ran, so it is seen here; a later one finds
        // the waiter registered. (Looking again after the lock resumed a waiter that `onCancel`
        // or `open()` had resumed meanwhile: a crash that AddressSanitizer's timing exposed.)
        let (outcome, arrived) = lock.withLock {
          () -> (Result<Void, any Error>?, [CheckedContinuation<Void, Never>]) in
          arrivals += 1
          let ready = arrivalWaiters.filter { $0.0 <= arrivals }.map(\.1)
          arrivalWaiters.removeAll { $0.0 <= arrivals }
          if isOpen { return (.success(()), ready) }
          if Task.isCancelled { return (.failure(CancellationError()), ready) }
          waiters[id] = continuation
          return (nil, ready)
        }
        for waiter in arrived { waiter.resume() }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let waiter = lock.withLock { waiters.removeValue(forKey: id) }
      waiter?.resume(throwing: CancellationError())
    }
  }

  /// Returns once `count` waits have reached the gate (opened or not); fails the test if that
  /// takes longer than the deadline of ``withDeadline(_:limit:sourceLocation:_:)``.
  func waitForArrivals(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
    await withDeadline("\(count) arrivals at the gate", sourceLocation: sourceLocation) {
      await self.waitForArrivalsWithoutDeadline(count)
    }
  }

  /// Returns once `count` waits have reached the gate; for code whose caller holds the deadline
  /// (a child process that its parent kills when it takes too long).
  func waitForArrivalsWithoutDeadline(_ count: Int) async {
    await withCheckedContinuation { continuation in
      let isReady = lock.withLock {
        if arrivals >= count { return true }
        arrivalWaiters.append((count, continuation))
        return false
      }
      if isReady { continuation.resume() }
    }
  }
}
