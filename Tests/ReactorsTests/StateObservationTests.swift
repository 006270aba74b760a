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
    // Then it keeps no extras: a send takes the step's fast path
    #expect(counter.runtime.storage.withLock { $0.extras == nil })
    _ = observations
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
