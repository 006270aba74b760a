import Reactors
import Testing

@Suite struct SmokeTests {
  @Test func counterReducesBeforeSendReturns() {
    let counter = CounterReactor()
    counter.send(.increase)
    counter.send(.increase)
    #expect(counter.currentState.value == 2)
  }

  @Test func asyncEffectEmits() async {
    let reactor = EffectReactor()
    reactor.send(.load)
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.values == [1, 2])
  }

  @Test func stateSequenceReplaysThenFollows() async {
    let counter = CounterReactor()
    var iterator = counter.state.makeAsyncIterator()
    #expect(await iterator.next()?.value == 0)
    counter.send(.increase)
    #expect(await iterator.next()?.value == 1)
  }
}

final class CounterReactor: Reactor {
  enum Action { case increase }
  enum Mutation { case increaseValue }
  struct State { var value = 0 }
  let initialState = State()
  let runtime = Runtime()
  func mutate(action: Action) -> Mutations<Mutation> { .just(.increaseValue) }
  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    state.value += 1
    return state
  }
}

final class EffectReactor: Reactor {
  enum Action { case load }
  enum Mutation { case append(Int) }
  struct State { var values: [Int] = [] }
  let initialState = State()
  let runtime = Runtime()
  func mutate(action: Action) -> Mutations<Mutation> {
    .concat(.just(.append(1)), .run { send in send(.append(2)) })
  }
  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    if case .append(let value) = mutation { state.values.append(value) }
    return state
  }
}
