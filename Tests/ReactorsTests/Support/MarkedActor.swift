import Dispatch

/// An actor whose executor is a serial queue that marks itself, so a test can ask whether code
/// runs on this actor's executor — not merely on some thread — without trapping.
actor MarkedActor {
  nonisolated let executor = MarkedExecutor()

  nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }

  /// Calls `body` on this actor, isolated to it: `#isolation` there is this actor.
  func run(_ body: @Sendable (isolated MarkedActor) -> Void) {
    body(self)
  }
}

/// A serial executor running its jobs on a dispatch queue that carries a mark.
final class MarkedExecutor: SerialExecutor {
  private let queue = DispatchQueue(label: "MarkedExecutor")
  private let mark = DispatchSpecificKey<Bool>()

  init() {
    queue.setSpecific(key: mark, value: true)
  }

  /// Whether the calling code runs in one of this executor's jobs.
  var isCurrent: Bool {
    DispatchQueue.getSpecific(key: mark) == true
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
  }
}
