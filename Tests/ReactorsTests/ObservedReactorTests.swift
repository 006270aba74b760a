import Observation
import Reactors
import Testing

@MainActor
@Suite(.timeLimit(.minutes(2))) struct ObservedReactorTests {
  @Test func itStartsWithTheReactorsCurrentState() {
    let counter = CounterReactor()
    counter.send(.increase)
    let model = ObservedReactor(counter)
    #expect(model.state.value == 1)
  }

  @Test func readingStateRegistersAnObservationThatFiresWhenAStateArrives() async {
    let model = ObservedReactor(CounterReactor())
    await withCheckedContinuation { continuation in
      withObservationTracking {
        _ = model.state
      } onChange: {
        continuation.resume()
      }
      model.send(.increase)
    }
    #expect(model.state.value == 1)
  }

  @Test func statesReducedOffTheMainActorReachTheModelOnIt() async {
    let counter = CounterReactor()
    let model = ObservedReactor(counter)
    await Task.detached {
      for _ in 0..<100 { counter.send(.increase) }
    }.value
    while model.state.value != 100 {
      await withCheckedContinuation { continuation in
        withObservationTracking {
          _ = model.state
        } onChange: {
          continuation.resume()
        }
        if model.state.value == 100 { continuation.resume() }
      }
    }
    #expect(model.state.value == 100)
  }

  @Test func theModelDoesNotKeepObservingAfterItIsReleased() {
    let counter = CounterReactor()
    var model: ObservedReactor<CounterReactor>? = ObservedReactor(counter)
    weak let released = model
    model = nil
    #expect(released == nil)
    counter.send(.increase)
  }

  @Test func aReaderOfAMemberIsNotToldOfAChangeToAnother() async {
    let model = ObservedReactor(FormReactor())
    #expect(await !isReader(of: model, { _ = model.query }, told: .setResults(["swift"])))
    #expect(model.results == ["swift"])
  }

  @Test func aReaderOfAMemberIsToldOfAChangeToIt() async {
    let model = ObservedReactor(FormReactor())
    #expect(await isReader(of: model, { _ = model.query }, told: .type("swift")))
    #expect(model.query == "swift")
  }

  @Test func aReaderOfAnEquatableMemberIsNotToldOfAStateThatLeavesItEqual() async {
    let model = ObservedReactor(FormReactor())
    #expect(await isReader(of: model, { _ = model.query }, told: .type("swift")))
    #expect(await !isReader(of: model, { _ = model.query }, told: .type("swift")))
  }

  @Test func aReaderOfAComputedOrNestedMemberIsToldOnlyWhenItsValueChanges() async {
    let model = ObservedReactor(FormReactor())
    #expect(await !isReader(of: model, { _ = model.resultCount }, told: .setLoading(true)))
    #expect(await isReader(of: model, { _ = model.resultCount }, told: .setResults(["a"])))
    #expect(await !isReader(of: model, { _ = model.resultCount }, told: .setResults(["b"])))
    #expect(await isReader(of: model, { _ = model.filter.isStarred }, told: .star(true)))
  }

  @Test func aReaderOfANonEquatableMemberIsToldOfEveryState() async {
    let model = ObservedReactor(FormReactor())
    #expect(await isReader(of: model, { _ = model.stamp.count }, told: .type("unrelated")))
  }

  @Test func aReaderOfTheWholeStateIsToldOfEveryState() async {
    let model = ObservedReactor(FormReactor())
    #expect(await isReader(of: model, { _ = model.state.query }, told: .setResults(["swift"])))
  }

  @Test func ofAThousandReadersOfDistinctRowsOnlyTheChangedRowsReaderIsTold() async {
    // Given a reader for each row, each depending on its own row through a key path
    let model = ObservedReactor(FormReactor(rows: 1_000))
    let told = Recorder<Int>()
    for index in 0..<1_000 {
      withObservationTracking {
        _ = model[dynamicMember: \.rows[index]]
      } onChange: {
        told.record(index)
      }
    }
    // When one row changes
    await withCheckedContinuation { continuation in
      withObservationTracking {
        _ = model.state
      } onChange: {
        continuation.resume()
      }
      model.send(.renameRow(500, "renamed"))
    }
    // Then only its reader heard of it
    let heard = told.values
    #expect(heard.count == 1)
    #expect(heard.first == 500)
  }

  /// Whether a reader that runs `read` is told of the state `action` leads to.
  ///
  /// Waits until that state reaches the model, through a reader of ``ObservedReactor/state``,
  /// which hears of every state; member readers hear of it in the same main-actor turn, before.
  private func isReader(
    of model: ObservedReactor<FormReactor>, _ read: () -> Void, told action: FormReactor.Action
  ) async -> Bool {
    let told = Recorder<Bool>()
    withObservationTracking(read) { told.record(true) }
    await withCheckedContinuation { continuation in
      withObservationTracking {
        _ = model.state
      } onChange: {
        continuation.resume()
      }
      model.send(action)
    }
    return !told.values.isEmpty
  }
}
