import ReactorsTesting
import Testing

@Suite(.timeLimit(.minutes(1))) struct ExhaustivityTests {
  @Test func aNonExhaustiveSendChecksOnlyTheFieldsItSets() async {
    let store = TestStore(ProfileReactor(), exhaustivity: .off)

    await store.send(.rename("Ada")) { $0.name = "Ada" }  // `edits` changed too: not checked.
    await store.send(.rename("Grace"))  // Nothing asserted: nothing checked.

    #expect(store.state.edits == 2)
    await store.finish()
  }

  @Test func aNonExhaustiveSendStillReportsAWrongField() async {
    let failures = await recordedFailures {
      let store = TestStore(ProfileReactor(), exhaustivity: .off)
      await store.send(.rename("Ada")) { $0.name = "Grace" }
    }

    #expect(
      failures.map(\.message) == [
        """
        The state after send(.rename("Ada")) is not the expected one: (- expected, + actual)

          State(
        -   name: "Grace",
        +   name: "Ada",
            edits: 1,
            isSaved: false
          )
        """
      ])
  }

  @Test func aNonExhaustiveReceiveSkipsMutationsUntilOneMatches() async {
    let store = TestStore(ProfileReactor(), exhaustivity: .off)

    await store.send(.save)
    await store.receive(.setSaved(true)) { $0.isSaved = true }  // `.touch` before it is skipped.

    #expect(store.state == store.reactor.currentState)
    await store.finish()
  }

  @Test func aNonExhaustiveFinishLetsUnreceivedMutationsAndErrorsGo() async {
    let store = TestStore(ProfileReactor(), exhaustivity: .off)

    await store.send(.save)
    await store.send(.fail)
    await store.reactor.waitUntilIdle()

    await store.finish()
  }

  @Test func exhaustivityCanBeTurnedOffForPartOfATest() async {
    let failures = await recordedFailures {
      let store = TestStore(ProfileReactor())
      store.exhaustivity = .off
      await store.send(.rename("Ada"))
      store.exhaustivity = .on
      await store.send(.rename("Grace"))
    }

    #expect(failures.count == 1)
    #expect(failures.first?.message.contains(#"+   name: "Grace","#) == true)
    #expect(failures.first?.message.contains("+   edits: 2,") == true)
  }
}

// MARK: - Fixtures

private enum FixtureError: Error {
  case diskFull
}

private final class ProfileReactor: Reactor {
  enum Action {
    case rename(String)
    case save
    case fail
  }

  enum Mutation: Equatable {
    case setName(String)
    case touch
    case setSaved(Bool)
  }

  struct State: Equatable {
    var name = ""
    var edits = 0
    var isSaved = false
  }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Mutations<Mutation> {
    switch action {
    case .rename(let name):
      .just(.setName(name))
    case .save:
      .run { send in
        send(.touch)
        send(.setSaved(true))
      }
    case .fail:
      .run { _ in throw FixtureError.diskFull }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setName(let name):
      state.name = name
      state.edits += 1
    case .touch:
      state.edits += 1
    case .setSaved(let isSaved):
      state.isSaved = isSaved
    }
    return state
  }
}
