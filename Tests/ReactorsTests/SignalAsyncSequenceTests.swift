import Testing

@testable import Reactors

@Suite(.timeLimit(.minutes(2))) struct SignalAsyncSequenceTests {
  @Test func transformMutationMergesAGlobalEventStreamIntoMutations() async {
    let (events, continuation) = AsyncStream.makeStream(of: String.self)
    let reactor = SessionReactor(userEvents: events)
    let seen = Recorder<String?>()
    let observation = reactor.observe { seen.record($0.user) }
    reactor.send(.refresh)
    continuation.yield("octocat")
    await seen.waitForCount(3)
    #expect(reactor.currentState.user == "octocat")
    #expect(reactor.currentState.refreshes == 1)
    _ = observation
  }

  @Test func theMergedSequenceStopsWhenTheReactorIsReleased() async {
    let (events, continuation) = AsyncStream.makeStream(of: String.self)
    let ended = Recorder<Void>()
    continuation.onTermination = { _ in ended.record(()) }
    var reactor: SessionReactor? = SessionReactor(userEvents: events)
    reactor!.send(.refresh)
    reactor = nil
    await ended.waitForCount(1)
  }

  @Test func aSequenceThatThrowsSimplyEnds() async {
    let seen = Recorder<Int>()
    let subscription = Signal<Int>(Failing()).subscribe { value, _ in seen.record(value) }
    await seen.waitForCount(1)
    #expect(seen.values == [1])
    subscription.cancel()
  }
}

struct Failing: AsyncSequence, Sendable {
  typealias Element = Int

  struct AsyncIterator: AsyncIteratorProtocol {
    var sent = false

    mutating func next() async throws -> Int? {
      if sent { throw TestFailure.boom }
      sent = true
      return 1
    }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
}

// MARK: - Fixtures

final class SessionReactor: Reactor {
  enum Action { case refresh }
  enum Mutation { case refreshed, setUser(String) }
  struct State {
    var user: String?
    var refreshes = 0
  }

  let initialState = State()
  let runtime = Runtime()
  let userEvents: AsyncStream<String>

  init(userEvents: AsyncStream<String>) {
    self.userEvents = userEvents
  }

  func mutate(action: Action) -> Mutations<Mutation> { .just(.refreshed) }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .refreshed: state.refreshes += 1
    case .setUser(let user): state.user = user
    }
    return state
  }

  func transform(mutation: Signal<Mutation>) -> Signal<Mutation> {
    mutation.merge(with: userEvents.map { Mutation.setUser($0) })
  }
}
