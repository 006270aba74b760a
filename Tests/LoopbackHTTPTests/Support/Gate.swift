/// A barrier for handlers: each `arrive()` suspends until `count` callers have arrived.
///
/// Requests that all pass a gate of their own number were handled concurrently.
actor Gate {
  private let count: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(count: Int) {
    self.count = count
  }

  func arrive() async {
    await withCheckedContinuation { continuation in
      waiting.append(continuation)
      if waiting.count == count {
        for waiter in waiting { waiter.resume() }
        waiting.removeAll()
      }
    }
  }
}
