import Foundation
import Synchronization
import Testing

@testable import TerminalUI

@Suite(.timeLimit(.minutes(1)))
struct SignalSafeFlagTests {
  // NB: the results are taken out of the flag before `#expect`, which cannot take apart an
  // expression on a value that cannot be copied.

  @Test func aNewFlagIsLoweredAndClearingItFindsNothingToDo() {
    let flag = SignalSafeFlag()

    let wasSet = flag.isSet
    let cleared = flag.clear()
    let isSet = flag.isSet

    #expect(!wasSet)
    #expect(!cleared)
    #expect(!isSet)
  }

  @Test func clearingARaisedFlagLowersItAndOnlyTheFirstClearActs() {
    let flag = SignalSafeFlag()

    flag.set()
    flag.set()
    let wasSet = flag.isSet
    let firstClear = flag.clear()
    let isSet = flag.isSet
    let secondClear = flag.clear()

    #expect(wasSet)
    #expect(firstClear)
    #expect(!isSet)
    #expect(!secondClear)
  }

  @Test func aFlagRaisedAgainAfterAClearIsClearedAgain() {
    let flag = SignalSafeFlag()

    var clears: [Bool] = []
    for _ in 0..<3 {
      flag.set()
      clears.append(flag.clear())
    }
    let isSet = flag.isSet

    #expect(clears == [true, true, true])
    #expect(!isSet)
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)  // `Atomic`, for the test's own barrier
  @Test func threadsClearingTheSameRaisedFlagsFindOneWinnerPerFlag() {
    // Given rounds of raised flags, when two threads start each round together and clear every
    // flag in the same order, then exactly one clear of each flag returns true: a read followed
    // by a write would let two threads that read a flag together both act.
    let rounds = (0..<200).map { _ in (0..<1_000).map { _ in RaisedFlag() } }
    let arrivals = Arrivals()
    let deadline = ContinuousClock.now + .seconds(30)
    // Safe: each thread writes its own slot, read only once both have ended.
    nonisolated(unsafe) let wins = UnsafeMutableBufferPointer<Int>.allocate(capacity: 2)
    defer { wins.deallocate() }
    wins.initialize(repeating: 0)
    let group = DispatchGroup()

    for thread in 0..<2 {
      group.enter()
      Thread {
        for (round, flags) in rounds.enumerated() {
          arrivals.count.add(1, ordering: .relaxed)
          while arrivals.count.load(ordering: .relaxed) < 2 * (round + 1),
            ContinuousClock.now < deadline
          {}
          for box in flags where box.flag.clear() { wins[thread] += 1 }
        }
        group.leave()
      }.start()
    }

    #expect(group.wait(timeout: .now() + .seconds(60)) == .success)
    #expect(wins[0] + wins[1] == rounds.count * 1_000)
  }
}

/// How many times the threads of a test reached its barrier.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
private final class Arrivals: Sendable {
  let count = Atomic<Int>(0)
}

/// A raised flag in a shareable box, since a flag cannot be copied into an array.
private final class RaisedFlag: Sendable {
  let flag = SignalSafeFlag()

  init() {
    flag.set()
  }
}
