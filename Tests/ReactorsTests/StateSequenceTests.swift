import Testing

@testable import Reactors

@Suite(.timeLimit(.minutes(2))) struct StateSequenceTests {
  @Test func aConsumerGetsTheCurrentStateFirstThenEveryNewStateInOrder() async {
    let counter = CounterReactor()
    counter.send(.increase)
    var iterator = counter.state.makeAsyncIterator()
    #expect(await iterator.next()?.value == 1)
    for _ in 0..<100 { counter.send(.increase) }
    for expected in 2...101 {
      #expect(await iterator.next()?.value == expected)
    }
  }

  @Test func concurrentConsumersEachGetEveryState() async {
    let counter = CounterReactor()
    let subscribed = Recorder<Int>()
    let consumers = (0..<8).map { _ in
      Task { [sequence = counter.state] in
        var seen: [Int] = []
        for await state in sequence {
          if seen.isEmpty { subscribed.record(state.value) }
          seen.append(state.value)
          if state.value == 500 { break }
        }
        return seen
      }
    }
    await subscribed.waitForCount(8)
    for _ in 0..<500 { counter.send(.increase) }
    for consumer in consumers {
      #expect(await consumer.value == Array(0...500))
    }
  }

  @MainActor
  @Test func aConsumerOnTheMainActorGetsEveryStateInOrder() async {
    let counter = CounterReactor()
    let producer = Task.detached {
      for _ in 0..<1_000 { counter.send(.increase) }
    }
    var seen: [Int] = []
    for await state in counter.state {
      seen.append(state.value)
      if state.value == 1_000 { break }
    }
    await producer.value
    #expect(seen.last == 1_000)
    #expect(seen == seen.sorted())
    #expect(Set(seen).count == seen.count)
  }

  @Test func aLatestOnlyConsumerSkipsToTheNewestStateButNeverGoesBack() async {
    let counter = CounterReactor()
    var iterator = counter.state.buffering(.latest).makeAsyncIterator()
    #expect(await iterator.next()?.value == 0)
    for _ in 0..<10 { counter.send(.increase) }
    #expect(await iterator.next()?.value == 10)
    counter.send(.increase)
    #expect(await iterator.next()?.value == 11)
  }

  @Test func aConsumerThatStopsIteratingUnsubscribesAndFreesItsBuffer() async {
    let counter = CounterReactor()
    do {
      var iterator = counter.state.makeAsyncIterator()
      _ = await iterator.next()
      for _ in 0..<10 { counter.send(.increase) }
      #expect(consumerCount(of: counter) == 1)
    }
    // The iterator is gone: the runtime forgot its buffer.
    #expect(consumerCount(of: counter) == 0)
  }

  @Test func aCancelledConsumerEndsAndUnsubscribes() async {
    let counter = CounterReactor()
    let started = Recorder<Int>()
    let consumer = Task { [sequence = counter.state] in
      for await state in sequence { started.record(state.value) }
      return "ended"
    }
    await started.waitForCount(1)
    consumer.cancel()
    #expect(await consumer.value == "ended")
    #expect(consumerCount(of: counter) == 0)
  }

  @Test func consumersThatStopInAnyOrderAreForgottenAndTheOthersGetEveryState() async {
    // Given ten consumers; consumer i stops once it has seen state i + 1
    let counter = CounterReactor()
    let subscribed = Recorder<Int>()
    let consumers = (0..<10).map { index in
      Task { [sequence = counter.state] in
        var seen: [Int] = []
        for await state in sequence {
          if seen.isEmpty { subscribed.record(index) }
          seen.append(state.value)
          if state.value == index + 1 { break }
        }
        return seen
      }
    }
    await subscribed.waitForCount(10)
    // When states come, one at a time, until the last consumer stops
    for _ in 0..<10 { counter.send(.increase) }
    // Then each saw every state in order up to where it stopped, and the runtime forgot them all
    for (index, consumer) in consumers.enumerated() {
      #expect(await consumer.value == Array(0...index + 1))
    }
    #expect(await eventually { consumerCount(of: counter) == 0 })
  }

  @Test func theSequenceDoesNotKeepTheReactorAlive() {
    var counter: CounterReactor? = CounterReactor()
    let sequence = counter!.state
    weak let released = counter
    counter = nil
    #expect(released == nil)
    _ = sequence
  }

  private func consumerCount(of counter: CounterReactor) -> Int {
    counter.runtime.storage.consumerCount
  }
}
