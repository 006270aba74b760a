import Dispatch
import Foundation
import Testing

@testable import Reactors

/// The runtime's lock, `Locked`: `os_unfair_lock` on Apple platforms, one atomic word elsewhere
/// (`PlatformLock`), which a waiter spins on, then yields between tries.
@Suite(.timeLimit(.minutes(3))) struct LockTests {
  @Test func threadsIncrementingOneCounterLoseNoIncrement() async {
    // Given a counter behind the lock
    let counter = Locked.make(0)
    // When 4 threads increment it 200,000 times each (20,000 under ThreadSanitizer)
    let increments = isRunningUnderThreadSanitizer ? 20_000 : 200_000
    let finished = await withDeadline("4 threads incrementing", limit: .seconds(120)) {
      await runOnThreads(Array(0..<4)) { _ in
        for _ in 0..<increments { counter.withLock { $0 += 1 } }
      }
      return true
    }
    // Then every increment counted
    #expect(finished == true)
    #expect(counter.withLock { $0 } == 4 * increments)
  }

  @Test func aThreadWaitingForTheLockGetsItOnceItIsReleased() async {
    // Given a thread holding the lock until another is about to take it
    let counter = Locked.make(0)
    let holding = DispatchSemaphore(value: 0)
    let trying = DispatchSemaphore(value: 0)
    Thread {
      counter.withLock { value in
        holding.signal()
        trying.wait()
        value += 1
      }
    }.start()
    holding.wait()
    // When that other thread takes it, finding it held
    let waiter = Task.detached {
      await runOnThreads([0]) { _ in
        trying.signal()
        counter.withLock { $0 += 1 }
      }
    }
    // Then it gets it once the holder lets go
    let woken = await withDeadline("the waiter to take the lock", limit: .seconds(100)) {
      await waiter.value
      return true
    }
    #expect(woken == true)
    #expect(counter.withLock { $0 } == 2)
  }
}
