import Synchronization

/// Counts arrivals from many tasks and wakes the one task waiting for a given count.
final class ArrivalGate: Sendable {
  private struct Contents {
    var arrivals = 0
    var target = Int.max
    var waiter: UnsafeContinuation<Void, Never>?
  }

  private let contents = Mutex(Contents())

  /// Records one arrival; wakes the waiter once its count is reached.
  func arrive() {
    let waiter = contents.withLock { contents -> UnsafeContinuation<Void, Never>? in
      contents.arrivals += 1
      guard contents.arrivals >= contents.target, let waiter = contents.waiter else { return nil }
      contents.waiter = nil
      return waiter
    }
    waiter?.resume()
  }

  /// Returns once `count` arrivals in all have been recorded.
  func wait(untilArrivals count: Int) async {
    await withUnsafeContinuation { continuation in
      let isReached = contents.withLock { contents in
        if contents.arrivals >= count { return true }
        contents.target = count
        contents.waiter = continuation
        return false
      }
      if isReached { continuation.resume() }
    }
  }
}
