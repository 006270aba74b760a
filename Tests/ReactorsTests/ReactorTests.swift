import Testing

@_spi(Testing) @testable import Reactors

@Suite(.timeLimit(.minutes(2))) struct ReactorTests {
  @Test func aReactorNeedsOnlyItsTypesStateMutateReduceAndTheRuntimeLine() {
    let counter = CounterReactor()
    #expect(counter.currentState.value == 0)
  }

  @Test func immediateMutationsAreReducedBeforeSendReturns() {
    let counter = CounterReactor()
    counter.send(.increase)
    #expect(counter.currentState.value == 1)
    counter.send(.increase)
    counter.send(.decrease)
    counter.send(.increase)
    #expect(counter.currentState.value == 2)
  }

  @Test func theSynchronousPathStartsNoEffect() {
    let counter = CounterReactor()
    for _ in 0..<100 { counter.send(.increase) }
    #expect(counter._runningEffectCount == 0)
    #expect(counter.currentState.value == 100)
  }

  @Test func initialStateIsReadOnceOnFirstUse() {
    let reactor = InitialStateCountingReactor()
    #expect(reactor.reads.values.isEmpty)
    _ = reactor.currentState
    reactor.send(.set(3))
    _ = reactor.currentState
    #expect(reactor.reads.values.count == 1)
    #expect(reactor.currentState.value == 3)
  }

  @Test func mutateCanReadTheCurrentState() {
    let reactor = DoublingReactor()
    reactor.send(.add(3))
    reactor.send(.double)
    reactor.send(.double)
    #expect(reactor.currentState.value == 12)
  }

  @Test func mutationDefaultsToActionWithEachActionAppliedDirectly() {
    let reactor = ActionIsMutationReactor()
    reactor.send(.rename("octocat"))
    #expect(reactor.currentState.name == "octocat")
  }

  @Test func aSendFromInsideMutateRunsAfterTheCurrentStep() {
    let reactor = ReentrantReactor()
    let states = Recorder<[String]>()
    let observation = reactor.observe { states.record($0.log) }
    reactor.send(.start)
    // `start` appends "start", and sends `follow` from `mutate`; `follow` waits for the step.
    #expect(reactor.currentState.log == ["start", "follow"])
    #expect(states.values == [[], ["start"], ["start", "follow"]])
    _ = observation
  }

  @Test func aSendFromInsideAnObserverRunsAfterEveryObserverSawTheState() {
    let counter = CounterReactor()
    let first = Recorder<Int>()
    let second = Recorder<Int>()
    let one = counter.observe { state in
      first.record(state.value)
      if state.value == 1 { counter.send(.increase) }
    }
    let two = counter.observe { second.record($0.value) }
    counter.send(.increase)
    #expect(first.values == [0, 1, 2])
    #expect(second.values == [0, 1, 2])
    _ = (one, two)
  }

  @Test func theActionSubjectSendsLikeSend() {
    let counter = CounterReactor()
    counter.action.send(.increase)
    #expect(counter.currentState.value == 1)
  }

  @Test func theActionSubjectOfAReleasedReactorDoesNothing() {
    var counter: CounterReactor? = CounterReactor()
    let subject = counter!.action
    weak let released = counter
    counter = nil
    #expect(released == nil)
    subject.send(.increase)  // Must not crash.
  }
}

// MARK: - Fixtures

final class CounterReactor: Reactor {
  enum Action { case increase, decrease }
  enum Mutation { case add(Int) }
  struct State: Equatable { var value = 0 }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Mutations<Mutation> {
    switch action {
    case .increase: .just(.add(1))
    case .decrease: .just(.add(-1))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .add(let amount): state.value += amount
    }
    return state
  }
}

final class InitialStateCountingReactor: Reactor {
  enum Action { case set(Int) }
  struct State { var value = 0 }

  let reads = Recorder<Void>()
  let runtime = Runtime()

  var initialState: State {
    reads.record(())
    return State()
  }

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    if case .set(let value) = mutation { state.value = value }
    return state
  }
}

final class DoublingReactor: Reactor {
  enum Action { case add(Int), double }
  enum Mutation { case add(Int) }
  struct State { var value = 0 }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Mutations<Mutation> {
    switch action {
    case .add(let amount): .just(.add(amount))
    case .double: .just(.add(currentState.value))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    if case .add(let amount) = mutation { state.value += amount }
    return state
  }
}

final class ActionIsMutationReactor: Reactor {
  enum Action { case rename(String) }
  struct State { var name = "" }

  let initialState = State()
  let runtime = Runtime()

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    if case .rename(let name) = mutation { state.name = name }
    return state
  }
}

final class ReentrantReactor: Reactor {
  enum Action { case start, follow }
  enum Mutation { case append(String) }
  struct State { var log: [String] = [] }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Mutations<Mutation> {
    switch action {
    case .start:
      send(.follow)
      return .just(.append("start"))
    case .follow:
      return .just(.append("follow"))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    if case .append(let entry) = mutation { state.log.append(entry) }
    return state
  }
}
