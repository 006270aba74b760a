import Testing

@testable import Reactors

@Suite(.timeLimit(.minutes(2))) struct SignalTests {
  @Test func aReactorWithoutTransformsHasNoPipeline() {
    let counter = CounterReactor()
    counter.send(.increase)
    #expect(counter.runtime.storage.withLock { $0.extras?.pipeline == nil })
  }

  @Test func anOverriddenTransformGetsAPipelineForItsHookOnly() {
    let reactor = LoggingReactor()
    reactor.send(.increase)
    let relays = reactor.runtime.storage.withLock { core in
      let pipeline = core.extras?.pipeline
      return (pipeline?.actions != nil, pipeline?.mutations != nil, pipeline?.states != nil)
    }
    #expect(relays == (true, false, true))
  }

  @Test func synchronousTransformsKeepSendSynchronous() {
    let reactor = LoggingReactor()
    reactor.send(.increase)
    reactor.send(.increase)
    #expect(reactor.currentState.value == 2)
    #expect(reactor.log.values == ["action increase", "action increase"])
  }

  @Test func transformStateChangesWhatObserversSeeButNotCurrentState() {
    let reactor = LoggingReactor()
    let seen = Recorder<Int>()
    let observation = reactor.observe { seen.record($0.value) }
    reactor.send(.increase)
    #expect(seen.values == [0, 100])  // Observers see the transformed states, the first too.
    #expect(reactor.currentState.value == 1)  // `currentState` is what `reduce` produced.
    _ = observation
  }

  @Test func theEmptySignalDeliversNothing() {
    let seen = Recorder<Int>()
    let subscription = Signal<Int>.empty.subscribe { value, _ in seen.record(value) }
    subscription.cancel()
    #expect(seen.values.isEmpty)
  }
}

// MARK: - Fixtures

/// Logs actions through `transform(action:)` and scales observed states in `transform(state:)`.
final class LoggingReactor: Reactor {
  enum Action: String { case increase }
  enum Mutation { case add(Int) }
  struct State { var value = 0 }

  let initialState = State()
  let runtime = Runtime()
  let log = Recorder<String>()

  func mutate(action: Action) -> Mutations<Mutation> { .just(.add(1)) }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    if case .add(let amount) = mutation { state.value += amount }
    return state
  }

  func transform(action: Signal<Action>) -> Signal<Action> {
    action.onEach { [log] in log.record("action \($0.rawValue)") }
  }

  func transform(state: Signal<State>) -> Signal<State> {
    state.map { State(value: $0.value * 100) }
  }
}
