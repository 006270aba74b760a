import Synchronization

/// Tasks parked on continuations until the driver resumes them all.
final class ParkedConsumers: Sendable {
  private struct Contents {
    var parked: [UnsafeContinuation<Void, Never>] = []
    var driver: UnsafeContinuation<Void, Never>?
    var awaited = 0
  }

  private let contents = Mutex(Contents())

  /// Suspends the calling task until the next `resumeAll`.
  func park() async {
    await withUnsafeContinuation { continuation in
      let driver = contents.withLock { contents -> UnsafeContinuation<Void, Never>? in
        contents.parked.append(continuation)
        guard contents.parked.count >= contents.awaited, let driver = contents.driver else {
          return nil
        }
        contents.driver = nil
        return driver
      }
      driver?.resume()
    }
  }

  /// Waits until `count` tasks are parked, then resumes them all.
  func resumeAll(count: Int) async {
    await withUnsafeContinuation { continuation in
      let isReady = contents.withLock { contents in
        if contents.parked.count >= count { return true }
        contents.awaited = count
        contents.driver = continuation
        return false
      }
      if isReady { continuation.resume() }
    }
    let parked = contents.withLock { contents in
      defer { contents.parked = [] }
      return contents.parked
    }
    for continuation in parked { continuation.resume() }
  }
}
