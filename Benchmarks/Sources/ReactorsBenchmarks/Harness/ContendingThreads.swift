import Foundation
import Synchronization

/// Runs `body` on `count` threads of their own at the same time, and returns once every one has
/// returned: the measured part of a contention benchmark.
///
/// The threads are created before `measure` starts, so their creation is not timed, and each
/// spins until all have arrived before it runs `body`, so the bodies overlap instead of one
/// finishing before the next is even scheduled. They are plain threads, not tasks, so that one
/// blocking in a lock never holds a thread of the cooperative pool.
func onContendingThreads(
  _ count: Int, countingAllocations: Bool, _ body: @escaping @Sendable (_ thread: Int) -> Void
) -> Measured {
  let ready = DispatchSemaphore(value: 0)
  let start = DispatchSemaphore(value: 0)
  let done = DispatchSemaphore(value: 0)
  let arrived = Arrivals()
  for index in 0..<count {
    let thread = Thread {
      ready.signal()
      start.wait()
      arrived.arriveAndWait(forAll: count)
      body(index)
      done.signal()
    }
    thread.start()
  }
  for _ in 0..<count { ready.wait() }
  return measure(countingAllocations: countingAllocations) {
    for _ in 0..<count { start.signal() }
    for _ in 0..<count { done.wait() }
  }
}

/// A spinning barrier: each thread waits until `count` threads have arrived.
private final class Arrivals: Sendable {
  private let count = Atomic(0)

  func arriveAndWait(forAll total: Int) {
    count.add(1, ordering: .acquiringAndReleasing)
    while count.load(ordering: .acquiring) < total { sched_yield() }
  }
}
