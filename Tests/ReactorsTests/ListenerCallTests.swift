import Testing

@testable import Reactors

/// The listeners after the first are called through unretained references to objects the others'
/// array owns: removing one must still let go of its closure at once, and a change made while a
/// state is published must not touch the calls in use.
@Suite(.timeLimit(.minutes(1))) struct ListenerCallTests {
  @Test func aCancelledObserverAfterTheFirstLetsGoOfItsClosureAtOnce() {
    // Given three observers, the second holding an object, all called once through their calls
    let counter = CounterReactor()
    let seen = Recorder<String>()
    weak var held: Sentinel?
    let first = counter.observe { seen.record("first \($0.value)") }
    let second: StateObservation
    do {
      let sentinel = Sentinel()
      held = sentinel
      second = counter.observe { _ in _ = sentinel }
    }
    let third = counter.observe { seen.record("third \($0.value)") }
    counter.send(.increase)
    // When the second is cancelled, with no state published since
    second.cancel()
    // Then its closure is gone already, and the others still hear each state
    #expect(held == nil)
    counter.send(.increase)
    #expect(seen.values.suffix(2) == ["first 2", "third 2"])
    _ = (first, third)
  }

  @Test func anObserverThatAddsAndCancelsObserversMidPublishChangesOnlyLaterStates() {
    // Given an observer that, on state 1, cancels the one after it and adds another
    let counter = CounterReactor()
    let seen = Recorder<String>()
    let next = Recorder<StateObservation>()
    let added = Recorder<StateObservation>()
    let first = counter.observe { state in
      seen.record("first \(state.value)")
      guard state.value == 1 else { return }
      next.values.first?.cancel()
      added.record(counter.observe { seen.record("added \($0.value)") })
    }
    next.record(counter.observe { seen.record("next \($0.value)") })
    // When states 1 and 2 are published
    counter.send(.increase)
    counter.send(.increase)
    // Then state 1 reaches the observers as they were when it was published, the added one
    // starts from it, and state 2 reaches the new set
    #expect(
      seen.values == [
        "first 0", "next 0", "first 1", "next 1", "added 1", "first 2", "added 2",
      ])
    _ = first
  }

  @Test func aHundredConsumersThatEndLeaveTheObserversCalledInOrder() async {
    // Given an observer, then a hundred consumers, then another observer
    let counter = CounterReactor()
    let seen = Recorder<String>()
    let first = counter.observe { seen.record("first \($0.value)") }
    var consumers = (0..<100).map { _ in counter.state.makeAsyncIterator() }
    let last = counter.observe { seen.record("last \($0.value)") }
    for index in consumers.indices { _ = await consumers[index].next() }
    // When every consumer ends and a state is published
    consumers.removeAll()
    counter.send(.increase)
    // Then both observers hear it, in order
    #expect(seen.values.suffix(2) == ["first 1", "last 1"])
    _ = (first, last)
  }

  @Test func droppingAnEndedConsumerKeepsTheBoxesOfTheObserversAfterTheFirst() {
    // Given two observers, then a consumer that has ended
    let owners = [Sentinel(), Sentinel()]
    var listeners = Listeners<Int>()
    for owner in owners { listeners.append(.observer(token: ObjectIdentifier(owner)) { _ in }) }
    let buffer = StateBuffer<Int>(latestOnly: false)
    listeners.append(.consumer(buffer))
    buffer.finish()
    let box = listeners.others.first?.box
    // When the ended consumer is dropped
    let dropped = listeners.dropFinished()
    // Then the second observer keeps the box its calls reach, and only the consumer goes
    #expect(box != nil && listeners.others.first?.box === box && listeners.others.count == 1)
    #expect(dropped.all.map(\.token) == [ObjectIdentifier(buffer)])
  }
}

private final class Sentinel: Sendable {}
