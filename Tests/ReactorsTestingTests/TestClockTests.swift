import ReactorsTesting
import Testing

@Suite(.timeLimit(.minutes(3))) struct TestClockTests {
  @Test func sleepersWakeInDeadlineOrder() async {
    let clock = TestClock()
    let (woken, wake) = AsyncStream<Int>.makeStream()
    for seconds in [3, 1, 2] {
      Task {
        try await clock.sleep(for: .seconds(seconds))
        wake.yield(seconds)
      }
    }
    await clock.waitForSleepers(3)
    var order = woken.makeAsyncIterator()

    await clock.advance(by: .milliseconds(1500))
    #expect(await order.next() == 1)
    #expect(clock.sleeperCount == 2)

    await clock.advance(by: .seconds(1))
    #expect(await order.next() == 2)
    #expect(clock.sleeperCount == 1)

    await clock.advance(by: .seconds(1))
    #expect(await order.next() == 3)
    #expect(clock.now == TestClock.Instant(offset: .milliseconds(3500)))
  }

  @Test func advanceLeavesSleepersThatAreNotDueAsleep() async {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
    await clock.waitForSleepers()

    await clock.advance(by: .milliseconds(999))

    #expect(clock.sleeperCount == 1)
    sleeper.cancel()
  }

  @Test func aSleepThatStartsWhileTheClockAdvancesPastItsDeadlineIsNeverLeftAsleep() async {
    var leftAsleep = 0
    // The sleep races the advance; hundreds of tries cover every interleaving in practice.
    for _ in 0..<500 {
      let clock = TestClock()
      let deadline = clock.now.advanced(by: .seconds(1))
      let sleeper = Task { try? await clock.sleep(until: deadline) }
      await clock.advance(by: .seconds(1))
      let woke = await withTaskGroup(of: Bool.self) { group in
        group.addTask {
          await sleeper.value
          return true
        }
        group.addTask {
          // The advance is over: a sleeper registered now, due already, would never wake.
          while clock.sleeperCount == 0, !Task.isCancelled { await Task.yield() }
          return Task.isCancelled
        }
        let first = await group.next() ?? true
        if !first { sleeper.cancel() }
        group.cancelAll()
        return first
      }
      if !woke { leftAsleep += 1 }
    }
    #expect(leftAsleep == 0)
  }

  @Test func aSleepWhoseDeadlineIsReachedReturnsAtOnce() async throws {
    let clock = TestClock()
    await clock.advance(by: .seconds(5))

    try await clock.sleep(until: TestClock.Instant(offset: .seconds(2)))
    try await clock.sleep(for: .zero)

    #expect(clock.sleeperCount == 0)
    #expect(clock.now == TestClock.Instant(offset: .seconds(5)))
  }

  @Test func cancellingASleepRemovesTheSleeper() async {
    let clock = TestClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
    await clock.waitForSleepers()

    sleeper.cancel()

    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.sleeperCount == 0)
  }

  @Test func aSleepInACancelledTaskThrowsWithoutWaiting() async {
    let clock = TestClock()
    let sleeper = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }

    await #expect(throws: CancellationError.self) { try await sleeper.value }
    #expect(clock.sleeperCount == 0)
  }

  @Test func runAdvancesUntilNoSleeperIsLeft() async {
    let clock = TestClock()
    let (woken, wake) = AsyncStream<Int>.makeStream()
    for seconds in [10, 1, 5] {
      Task {
        try await clock.sleep(for: .seconds(seconds))
        wake.yield(seconds)
      }
    }
    await clock.waitForSleepers(3)

    await clock.run()

    var iterator = woken.makeAsyncIterator()
    var wokenSeconds: Set<Int> = []
    for _ in 0..<3 { wokenSeconds.insert(await iterator.next() ?? 0) }
    #expect(wokenSeconds == [1, 5, 10])
    #expect(clock.sleeperCount == 0)
    #expect(clock.now == TestClock.Instant(offset: .seconds(10)))
  }

  @Test func waitForSleepersReportsSleepsThatNeverCame() async {
    let clock = TestClock()

    let failures = await recordedFailures {
      await clock.waitForSleepers(timeout: .milliseconds(20))
    }

    #expect(
      failures.map(\.message) == [
        "Expected 1 task to sleep on the TestClock within 0.02 seconds, but 0 did."
      ])
  }
}
