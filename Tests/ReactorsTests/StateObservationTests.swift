import Foundation
import Testing

@testable import Reactors

@Suite(.timeLimit(.minutes(2))) struct StateObservationTests {
  @Test func anObserverIsCalledWithTheCurrentStateThenSynchronouslyWithEachNewOne() {
    let counter = CounterReactor()
    let seen = Recorder<Int>()
    let observation = counter.observe { seen.record($0.value) }
    #expect(seen.values == [0])
    counter.send(.increase)
    #expect(seen.values == [0, 1])  // Before `send` returned.
    _ = observation
  }

  @Test func cancellingStopsTheObserver() {
    let counter = CounterReactor()
    let seen = Recorder<Int>()
    let observation = counter.observe { seen.record($0.value) }
    observation.cancel()
    observation.cancel()  // Twice is fine.
    counter.send(.increase)
    #expect(seen.values == [0])
  }

  @Test func releasingTheObservationStopsTheObserver() {
    let counter = CounterReactor()
    let seen = Recorder<Int>()
    var observation: StateObservation? = counter.observe { seen.record($0.value) }
    counter.send(.increase)
    observation = nil
    counter.send(.increase)
    #expect(seen.values == [0, 1])
    _ = observation
  }

  @Test func anObservationOutlivingItsReactorIsHarmless() {
    var counter: CounterReactor? = CounterReactor()
    let observation = counter!.observe { _ in }
    counter = nil
    observation.cancel()
  }

  @Test func observersAreCalledInSubscriptionOrder() {
    let counter = CounterReactor()
    let calls = Recorder<String>()
    let first = counter.observe { calls.record("first \($0.value)") }
    let second = counter.observe { calls.record("second \($0.value)") }
    counter.send(.increase)
    #expect(calls.values == ["first 0", "second 0", "first 1", "second 1"])
    _ = (first, second)
  }

  @Test func removingTheFirstObserverKeepsTheOthersInOrder() {
    let counter = CounterReactor()
    let calls = Recorder<String>()
    let first = counter.observe { calls.record("first \($0.value)") }
    let second = counter.observe { calls.record("second \($0.value)") }
    let third = counter.observe { calls.record("third \($0.value)") }
    first.cancel()
    counter.send(.increase)
    #expect(calls.values.suffix(2) == ["second 1", "third 1"])
    _ = (second, third)
  }

  @Test func severalObserversComeAndGoInAnyOrderAndTheRestKeepTheirOrder() {
    // Given four observers
    let counter = CounterReactor()
    let calls = Recorder<String>()
    var observations = (0..<4).map { index in
      counter.observe { calls.record("\(index):\($0.value)") } as StateObservation?
    }
    // When the last, then the second, go, and a fifth comes
    observations[3] = nil
    observations[1]?.cancel()
    let fifth = counter.observe { calls.record("4:\($0.value)") }
    counter.send(.increase)
    // Then every remaining one sees the new state once, in subscription order
    #expect(calls.values.suffix(3) == ["0:1", "2:1", "4:1"])
    // And once all are gone, nobody hears anything more
    observations = []
    fifth.cancel()
    let count = calls.values.count
    counter.send(.increase)
    #expect(calls.values.count == count)
  }

  @Test func severalObserversKeepTheReactorOnItsFastPath() {
    // Given a reactor with several synchronous observers
    let counter = CounterReactor()
    let observations = (0..<3).map { _ in counter.observe { _ in } }
    counter.send(.increase)
    // Then a send takes the step's fast path (the observers after the first live in the extras)
    #expect(counter.runtime.storage.withLock { $0.isPlain })
    _ = observations
  }

  @Test func anObserverRemovedByTheOneBeforeItMidPublishLivesUntilThePublishIsDone() {
    // Given two observers, the second holding an object, the first dropping the second's
    // observation when it sees 1
    let counter = CounterReactor()
    let calls = Recorder<String>()
    let second = Box<StateObservation?>(nil)
    weak var held: Witness?
    let first = counter.observe { state in
      calls.record("first \(state.value)")
      if state.value == 1 { second.value = nil }
    }
    do {
      let witness = Witness()
      held = witness
      second.value = counter.observe { state in calls.record("second \(state.value) \(witness)") }
    }
    // When a state is published to both
    counter.send(.increase)
    // Then the second still gets that state (the snapshot it was in), and is freed once the
    // step is over; later states reach only the first
    #expect(calls.values.suffix(2) == ["first 1", "second 1 witness"])
    #expect(held == nil)
    counter.send(.increase)
    #expect(calls.values.last == "first 2")
    _ = first
  }

  @Test func anObserverRemovedOnAnotherThreadWhileItRunsLivesUntilItReturns() async {
    // Given an observer holding an object, which waits inside its call for state 1
    let counter = CounterReactor()
    let entered = DispatchSemaphore(value: 0)
    let removed = DispatchSemaphore(value: 0)
    let observation = Box<StateObservation?>(nil)
    weak var held: Witness?
    do {
      let witness = Witness()
      held = witness
      observation.value = counter.observe { state in
        guard state.value == 1 else { return }
        entered.signal()
        _ = removed.wait(timeout: .now() + 30)
        _ = "\(witness)"  // Still there: reading it after the removal is the point.
      }
    }
    let sender = Task.detached { counter.send(.increase) }
    // When another thread cancels and drops the observation while the observer runs
    await withDeadline("the observer is called") {
      await Task.detached { _ = entered.wait(timeout: .now() + 30) }.value
    }
    observation.value?.cancel()
    observation.value = nil
    // Then the observer is kept alive until its call returns, and freed once the step is over
    #expect(held != nil)
    removed.signal()
    await withDeadline("the send returns") { await sender.value }
    #expect(held == nil)
  }

  @Test func anObservationCancelledThenReleasedInsideAStepLosesNoQueuedWork() {
    // Given an observer that, seeing 1, subscribes another and sends twice (all queued behind
    // its step), then, seeing 2, cancels and drops that other observation
    let counter = CounterReactor()
    let later = Box<StateObservation?>(nil)
    let laterSaw = Recorder<Int>()
    let first = counter.observe { state in
      switch state.value {
      case 1:
        later.value = counter.observe { laterSaw.record($0.value) }
        counter.send(.increase)
        counter.send(.increase)
      case 2:
        later.value?.cancel()
        later.value = nil  // Its `deinit` removes it a second time.
      default: break
      }
    }
    // When the first send runs the whole step
    counter.send(.increase)
    // Then both queued sends were performed, and the other observer heard only 1 and 2
    #expect(counter.currentState.value == 3)
    #expect(laterSaw.values == [1, 2])
    _ = first
  }

  @Test func aPulseObserverSeesEachAssignmentOnceAndNothingFromBeforeItSubscribed() {
    // Given a pulse assigned before anyone listens
    let reactor = AlertReactor()
    reactor.send(.showAlert("old news"))
    let received = Recorder<String?>()
    // When an observer subscribes, then the pulse is assigned twice with one value, around an
    // unrelated change
    let observation = reactor.observe(pulse: \.$alert) { received.record($0) }
    reactor.send(.showAlert("saved"))
    reactor.send(.unrelated)
    reactor.send(.showAlert("saved"))
    // Then it saw both assignments, synchronously, and neither the old one nor the other change
    #expect(received.values == ["saved", "saved"])
    observation.cancel()
    reactor.send(.showAlert("after cancel"))
    #expect(received.values == ["saved", "saved"])
  }
}

/// An object whose lifetime a test follows through a weak reference.
private final class Witness: Sendable, CustomStringConvertible {
  var description: String { "witness" }
}

/// A mutable value shared by a test and the closures it hands out.
private final class Box<Value>: @unchecked Sendable {
  // Safe: each test touches `value` from one thread at a time, in an order its semaphores or the
  // synchronous observer call fix.
  var value: Value

  init(_ value: Value) {
    self.value = value
  }
}
