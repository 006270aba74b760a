import Dispatch
import Foundation
import ReactorsLock
import Testing

@testable import Reactors

/// The runtime's lock (`ReactorsLock`, through `Locked`): taken with one compare-and-swap,
/// released with a store, a waiter that could not get it soon enough sleeps until woken.
@Suite(.timeLimit(.minutes(3))) struct MutexTests {
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

  #if !canImport(Darwin)
  @Test func aThreadAsleepWaitingForTheLockGetsItOnceItIsReleased() async {
    // Given a thread holding the lock until told to let go
    let counter = Locked.make(0)
    let holding = DispatchSemaphore(value: 0)
    let letGo = DispatchSemaphore(value: 0)
    Thread {
      counter.withLock { value in
        holding.signal()
        letGo.wait()
        value += 1
      }
    }.start()
    holding.wait()
    // When another thread waits for it long enough to mark it and go to sleep
    let waiter = Task.detached {
      await runOnThreads([0]) { _ in counter.withLock { $0 += 1 } }
    }
    let marked = await withDeadline("the waiter to go to sleep", limit: .seconds(30)) {
      while !counter.hasSleeper { await Task.yield() }
      return true
    }
    #expect(marked == true)
    // Then once the lock is released, the sleeper takes it (woken by the release, or at the
    // latest by its sleep's timeout)
    letGo.signal()
    let woken = await withDeadline("the waiter to take the lock", limit: .seconds(30)) {
      await waiter.value
      return true
    }
    #expect(woken == true)
    #expect(counter.withLock { $0 } == 2)
  }
  #endif
}

extension Locked {
  /// Whether a thread is asleep waiting for this lock (or about to be).
  fileprivate var hasSleeper: Bool {
    buffer.withUnsafeMutablePointerToElements { reactors_lock_has_sleeper($0) != 0 }
  }
}
