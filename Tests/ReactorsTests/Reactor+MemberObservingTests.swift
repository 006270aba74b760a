import Reactors
import Testing

@Suite(.timeLimit(.minutes(1))) struct ReactorMemberObservingTests {
  @Test func aMemberStreamYieldsTheCurrentValueThenOnlyChanges() async {
    // Given a stream of `isLoading`, subscribed before anything happens
    let reactor = FormReactor()
    let iterator = reactor.state(\.isLoading).makeAsyncIterator()
    // When the member is set to what it is, other members change, then it flips twice
    reactor.send(.setLoading(false))
    reactor.send(.type("swift"))
    reactor.send(.setLoading(true))
    reactor.send(.setLoading(true))
    reactor.send(.setResults(["a"]))
    reactor.send(.setLoading(false))
    // Then it yielded the current value and each change, nothing else
    #expect(await first(3, of: iterator) == [false, true, false])
  }

  @Test func aMemberStreamReadsComputedAndNestedMembers() async {
    let reactor = FormReactor()
    let counts = reactor.state(\.resultCount).makeAsyncIterator()
    let stars = reactor.state(\.filter.isStarred).makeAsyncIterator()
    reactor.send(.setResults(["a", "b"]))
    reactor.send(.setResults(["c", "d"]))  // Same count.
    reactor.send(.star(true))
    reactor.send(.setResults([]))
    #expect(await first(2, of: stars) == [false, true])
    #expect(await first(3, of: counts) == [0, 2, 0])
  }

  @Test func aMemberStreamOfANonEquatableMemberYieldsWithEveryState() async {
    let reactor = FormReactor()
    let stamps = reactor.state(\.stamp).makeAsyncIterator()
    reactor.send(.stamp)
    reactor.send(.type("unrelated"))
    #expect(await first(3, of: stamps).map(\.count) == [0, 1, 1])
  }

  @Test func anObserverOfAMemberIsCalledNowThenSynchronouslyOnEachChangeOnly() {
    let reactor = FormReactor()
    let seen = Recorder<String>()
    let observation = reactor.observe(\.query) { seen.record($0) }
    #expect(seen.values == [""])
    reactor.send(.type("s"))
    #expect(seen.values == ["", "s"])  // Before `send` returned.
    reactor.send(.setLoading(true))
    reactor.send(.type("s"))
    reactor.send(.type("sw"))
    #expect(seen.values == ["", "s", "sw"])
    observation.cancel()
    reactor.send(.type("swift"))
    #expect(seen.values == ["", "s", "sw"])
  }

  @Test func anObserverReadsComputedAndNestedMembers() {
    let reactor = FormReactor()
    let counts = Recorder<Int>()
    let stars = Recorder<Bool>()
    let observations = [
      reactor.observe(\.resultCount) { counts.record($0) },
      reactor.observe(\.filter.isStarred) { stars.record($0) },
    ]
    reactor.send(.setResults(["a"]))
    reactor.send(.setResults(["b"]))
    reactor.send(.star(true))
    #expect(counts.values == [0, 1])
    #expect(stars.values == [false, true])
    _ = observations
  }

  @Test func anObserverOfANonEquatableMemberIsCalledWithEveryState() {
    let reactor = FormReactor()
    let seen = Recorder<Int>()
    let observation = reactor.observe(\.stamp) { seen.record($0.count) }
    reactor.send(.type("unrelated"))
    reactor.send(.stamp)
    #expect(seen.values == [0, 0, 1])
    _ = observation
  }

  @Test func releasingAMemberObservationStopsTheObserver() {
    let reactor = FormReactor()
    let seen = Recorder<Bool>()
    var observation: StateObservation? = reactor.observe(\.isLoading) { seen.record($0) }
    observation = nil
    reactor.send(.setLoading(true))
    #expect(seen.values == [false])
    _ = observation
  }

  /// The first `count` values of `iterator`, or what came before the deadline.
  private func first<Value: Sendable>(
    _ count: Int, of iterator: StateMemberSequence<FormReactor.State, Value>.Iterator
  ) async -> [Value] {
    await withDeadline("\(count) values of the member stream") {
      var iterator = iterator
      var values: [Value] = []
      while values.count < count, let value = await iterator.next() { values.append(value) }
      return values
    } ?? []
  }
}
