import Foundation

/// The server's request log, bounded to the most recent records and kept without bodies, and the
/// tasks waiting for it to reach a condition.
///
/// Every change re-evaluates the waiting conditions under the lock and resumes the satisfied
/// waiters after releasing it, so ``waitUntil(_:)`` is driven by events, never by polling.
final class RequestLog: @unchecked Sendable {
  // Safe: every stored `var` is only touched with `lock` held, and continuations are resumed
  // after it is released.

  private typealias Waiter = (
    condition: @Sendable ([RequestRecord]) -> Bool, continuation: CheckedContinuation<Void, Never>
  )

  private let lock = NSLock()
  private let capacity: Int
  private var records: [RequestRecord] = []
  private var waiters: [Int: Waiter] = [:]
  /// Waits cancelled before they registered their continuation: they return when they do.
  private var cancelledWaiters: Set<Int> = []
  private var nextWaiterID = 0

  /// Keeps at most `capacity` records (at least one).
  init(capacity: Int) {
    self.capacity = max(1, capacity)
  }

  /// A copy of every record kept, in arrival order.
  var snapshot: [RequestRecord] {
    lock.withLock { records }
  }

  /// Adds a pending record for `request`, received on `connection`, and returns its index; the
  /// oldest record goes once the log is full. The body is left out and credentials redacted.
  func append(_ request: HTTPRequest, connection: Int) -> Int {
    var request = request
    request.body = Data()
    for name in ["Authorization", "Proxy-Authorization", "Cookie"]
    where request.headers.contains(name) {
      request.headers[name] = "<redacted>"
    }
    return update { records in
      let index = (records.last?.index ?? -1) + 1
      if records.count == capacity { records.removeFirst() }
      records.append(
        RequestRecord(index: index, connection: connection, request: request, outcome: .pending))
      return index
    }
  }

  /// Sets the outcome of the record at `index`, if it is still kept.
  func finish(_ index: Int, with outcome: RequestRecord.Outcome) {
    update { records in
      guard let first = records.first?.index, index >= first else { return }
      records[index - first].outcome = outcome
    }
  }

  /// Returns once `condition` holds for the records, or once the calling task is cancelled.
  func waitUntil(_ condition: @escaping @Sendable ([RequestRecord]) -> Bool) async {
    let id = lock.withLock {
      nextWaiterID += 1
      return nextWaiterID
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let resumeNow = lock.withLock {
          if cancelledWaiters.remove(id) != nil || condition(records) { return true }
          waiters[id] = (condition, continuation)
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      let waiter = lock.withLock {
        let waiter = waiters.removeValue(forKey: id)
        if waiter == nil { cancelledWaiters.insert(id) }
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
