import Testing

@testable import Reactors

@Suite(.timeLimit(.minutes(1))) struct StateMemberSequenceTests {
  @Test func aMemberStreamEndsWhenTheReactorIsReleasedAndDoesNotKeepItAlive() async {
    var reactor: FormReactor? = FormReactor()
    weak let released = reactor
    var iterator = reactor!.state(\.query).makeAsyncIterator()
    #expect(await iterator.next() == "")
    reactor = nil
    #expect(released == nil)
    #expect(await iterator.next() == nil)
  }

  @Test func aMemberStreamConsumerThatStopsUnsubscribes() async {
    let reactor = FormReactor()
    do {
      var iterator = reactor.state(\.query).makeAsyncIterator()
      _ = await iterator.next()
      #expect(reactor.runtime.storage.consumerCount == 1)
    }
    #expect(reactor.runtime.storage.consumerCount == 0)
  }

  @Test func aLatestOnlyMemberStreamSkipsToTheNewestValue() async {
    let reactor = FormReactor()
    var iterator = reactor.state(\.query).buffering(.latest).makeAsyncIterator()
    #expect(await iterator.next() == "")
    for query in ["s", "sw", "swift"] { reactor.send(.type(query)) }
    #expect(await iterator.next() == "swift")
  }
}
