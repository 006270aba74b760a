import Testing

@testable import ReactorsTesting

@Suite(.timeLimit(.minutes(1))) struct ReactorStubTests {
  @Test func actionsAreRecordedInsteadOfHandled() {
    let reactor = SearchReactor()
    let stub = ReactorStub(reactor)

    reactor.send(.updateQuery("swift"))
    reactor.action.send(.loadNextPage)

    #expect(stub.actions == [.updateQuery("swift"), .loadNextPage])
    #expect(stub.lastAction == .loadNextPage)
    #expect(reactor.currentState == SearchReactor.State())  // `mutate` never ran.
    #expect(reactor.mutateCount.withLock { $0 } == 0)
  }

  @Test func removeAllActionsForgetsTheRecordedOnes() {
    let reactor = SearchReactor()
    let stub = ReactorStub(reactor)
    reactor.send(.loadNextPage)

    stub.removeAllActions()

    #expect(stub.actions.isEmpty)
    #expect(stub.lastAction == nil)
  }

  @Test func settingTheStateReachesEveryKindOfObserver() async {
    let reactor = SearchReactor()
    let stub = ReactorStub(reactor)
    let rendered = Protected<[SearchReactor.State]>([])
    let observation = reactor.observe { state in rendered.withLock { $0.append(state) } }
    var states = reactor.state.makeAsyncIterator()
    #expect(await states.next() == SearchReactor.State())

    stub.state.isLoading = true
    stub.state = SearchReactor.State(query: "swift", isLoading: false)

    #expect(await states.next() == SearchReactor.State(isLoading: true))
    #expect(await states.next() == SearchReactor.State(query: "swift"))
    #expect(
      rendered.withLock { $0 } == [
        SearchReactor.State(), SearchReactor.State(isLoading: true),
        SearchReactor.State(query: "swift"),
      ])
    #expect(reactor.currentState.query == "swift")
    observation.cancel()
  }
}

// MARK: - Fixtures

private final class SearchReactor: Reactor {
  enum Action: Equatable {
    case updateQuery(String)
    case loadNextPage
  }

  enum Mutation {
    case setQuery(String)
    case setLoading(Bool)
  }

  struct State: Equatable {
    var query = ""
    var isLoading = false
  }

  let initialState = State()
  let runtime = Runtime()
  let mutateCount = Protected(0)

  func mutate(action: Action) -> Mutations<Mutation> {
    mutateCount.withLock { $0 += 1 }
    switch action {
    case .updateQuery(let query): return .just(.setQuery(query))
    case .loadNextPage: return .just(.setLoading(true))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setQuery(let query): state.query = query
    case .setLoading(let isLoading): state.isLoading = isLoading
    }
    return state
  }
}
