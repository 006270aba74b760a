import Foundation

/// The server's request log and the tasks waiting for it to reach a condition.
///
/// Every change re-evaluates the waiting conditions under the lock and resumes the satisfied
/// waiters after releasing it, so ``waitUntil(_:)`` is driven by events, never by polling.
final class RequestLog: @unchecked Sendable {
  // Safe: every stored `var` is only touched with `lock` held, and continuations are resumed
  // after it is released.

  private struct Waiter {
    let condition: @Sendable ([RequestRecord]) -> Bool
    let continuation: CheckedContinuation<Void, Never>
  }

  private let lock = NSLock()
  private var records: [RequestRecord] = []
  private var waiters: [Int: Waiter] = [:]
  /// Waits that have an id but have not registered their continuation yet.
  private var unregisteredWaiters: Set<Int> = []
  /// Unregistered waits whose task was cancelled: they return as soon as they register.
  private var cancelledWaiters: Set<Int> = []
  private var nextWaiterID = 0

  /// A copy of every record, in arrival order.
  var snapshot: [RequestRecord] {
    lock.withLock { records }
  }

  /// Adds a pending record for `request`, received on `connection`, and returns its index.
  func append(_ request: HTTPRequest, connection: Int) -> Int {
    update { records in
      let record = RequestRecord(
        index: records.count, connection: connection, request: request, outcome: .pending)
      records.append(record)
      return records.count - 1
    }
  }

  /// Sets the outcome of the record at `index`.
  func finish(_ index: Int, with outcome: RequestRecord.Outcome) {
    update { records in records[index].outcome = outcome }
  }

  /// Returns once `condition` holds for the records, or once the calling task is cancelled.
  func waitUntil(_ condition: @escaping @Sendable ([RequestRecord]) -> Bool) async {
    let id = lock.withLock {
      nextWaiterID += 1
      unregisteredWaiters.insert(nextWaiterID)
      return nextWaiterID
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let resumeNow = lock.withLock {
          unregisteredWaiters.remove(id)
          if cancelledWaiters.remove(id) != nil || condition(records) { return true }
          waiters[id] = Waiter(condition: condition, continuation: continuation)
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      let waiter = lock.withLock {
        let waiter = waiters.removeValue(forKey: id)
        if waiter == nil, unregisteredWaiters.contains(id) { cancelledWaiters.insert(id) }
        return waiter
      }
      waiter?.continuation.resume()
    }
  }

  private func update<Result>(_ change: (inout [RequestRecord]) -> Result) -> Result {
    let (result, satisfied) = lock.withLock {
      let result = change(&records)
      let satisfied = waiters.filter { $0.value.condition(records) }
      for id in satisfied.keys { waiters[id] = nil }
      return (result, satisfied.values)
    }
    for waiter in satisfied { waiter.continuation.resume() }
    return result
  }
}
