import Testing

@testable import Reactors

@Suite(.timeLimit(.minutes(2))) struct MutationsTests {
  @Test func noneChangesNothing() {
    let reactor = ScriptedReactor()
    reactor.send(.perform(.none))
    #expect(reactor.currentState.log.isEmpty)
  }

  @Test func concatOfImmediateMutationsAppliesThemInOrderBeforeSendReturns() {
    let reactor = ScriptedReactor()
    reactor.send(.perform(.concat(.just(.append("a")), .just(.append("b")), .just(.append("c")))))
    #expect(reactor.currentState.log == ["a", "b", "c"])
  }

  @Test func concatWaitsForAsyncWorkBeforeItsNextPart() async {
    let reactor = ScriptedReactor()
    let gate = Gate()
    reactor.send(
      .perform(
        .concat(
          .just(.append("before")),
          .run { send in
            try await gate.wait()
            send(.append("async"))
          },
          .just(.append("after"))
        )))
    #expect(reactor.currentState.log == ["before"])
    gate.open()
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.log == ["before", "async", "after"])
  }

  @Test func runWithoutAPriorityRunsAtTheSendersPriority() async {
    let reactor = ScriptedReactor()
    await Task(priority: .high) {
      reactor.send(.perform(.run { send in send(.append("\(Task.currentPriority.rawValue)")) }))
    }.value
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.log == ["\(TaskPriority.high.rawValue)"])
  }

  @Test func runWithAPriorityRunsAtThatPriority() async {
    let reactor = ScriptedReactor()
    await Task(priority: .high) {
      reactor.send(
        .perform(
          .run(priority: .low) { send in send(.append("\(Task.currentPriority.rawValue)")) }))
    }.value
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.log == ["\(TaskPriority.low.rawValue)"])
  }

  @Test func mergeInterleavesItsPartsAsTheyCome() async {
    let reactor = ScriptedReactor()
    let first = Gate()
    let second = Gate()
    reactor.send(
      .perform(
        .merge(
          .run { send in
            try await first.wait()
            send(.append("first"))
          },
          .run { send in
            try await second.wait()
            send(.append("second"))
          },
          .just(.append("now"))
        )))
    #expect(reactor.currentState.log == ["now"])
    second.open()
    _ = await reactor.state.first { $0.log.count == 2 }
    first.open()
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.log == ["now", "second", "first"])
  }

  @Test func runCanEmitSeveralMutationsInOrder() async {
    let reactor = ScriptedReactor()
    reactor.send(
      .perform(
        .run { send in
          for index in 1...5 { send(.append("\(index)")) }
        }))
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.log == ["1", "2", "3", "4", "5"])
  }

  @Test func nestedConcatAndMergeKeepTheirOrderingRules() async {
    let reactor = ScriptedReactor()
    reactor.send(
      .perform(
        .concat(
          .run { send in send(.append("1")) },
          .concat(.just(.append("2")), .run { send in send(.append("3")) }),
          .merge(.just(.append("4"))),
          .just(.append("5"))
        )))
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.log == ["1", "2", "3", "4", "5"])
  }

  @Test func aThrownErrorBecomesMutationsThroughTheHandler() async {
    let reactor = ScriptedReactor()
    reactor.send(
      .perform(
        .run { _ in
          throw TestFailure.boom
        } catch: { error, send in
          send(.append("caught \(error)"))
        }))
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.log == ["caught boom"])
  }

  @Test func anUnhandledErrorIsReportedToDiagnosticsAndTheReactorKeepsWorking() async {
    let events = Recorder<String>()
    let reactor = ScriptedReactor(
      diagnostics: ReactorDiagnostics { event in
        if case .effectFailed(let error) = event.kind { events.record("\(error)") }
      })
    reactor.send(.perform(.concat(.run { _ in throw TestFailure.boom }, .just(.append("next")))))
    await reactor.waitUntilIdle()
    #expect(events.values == ["boom"])
    // The enclosing concat went on, and the reactor still works.
    #expect(reactor.currentState.log == ["next"])
    reactor.send(.perform(.just(.append("still working"))))
    #expect(reactor.currentState.log == ["next", "still working"])
  }

  @Test func cancellationIsNotReportedAsAnError() async {
    let events = Recorder<String>()
    let handled = Recorder<String>()
    let gate = Gate()
    let reactor = ScriptedReactor(
      diagnostics: ReactorDiagnostics { event in
        if case .effectFailed(let error) = event.kind { events.record("\(error)") }
      })
    reactor.send(
      .perform(
        .run { _ in
          try await gate.wait()
        } catch: { error, _ in
          handled.record("\(error)")
        }
        .cancellable(id: "work")))
    await gate.waitForArrivals(1)
    reactor.cancel(id: "work")
    await reactor.waitUntilIdle()
    #expect(events.values.isEmpty)
    #expect(handled.values.isEmpty)
  }

  @Test func aConcatOfAMutationAndAsyncWorkKeepsTheMutationInlineInFrontOfTheWork() {
    let mutations = Mutations<Int>.concat(.just(1), .run { _ in })
    #expect(mutations.first == 1)
    #expect(mutations.second == nil)
    // The work alone follows: no array node around the two parts.
    #expect(isRun(mutations.rest))
  }

  @Test func aConcatOfAMutationAndAsyncWorkAppliesTheMutationBeforeSendReturnsThenRunsTheWork()
    async
  {
    let reactor = ScriptedReactor()
    let gate = Gate()
    reactor.send(
      .perform(
        .concat(
          .just(.append("now")),
          .run { send in
            try await gate.wait()
            send(.append("later"))
          })))
    #expect(reactor.currentState.log == ["now"])
    gate.open()
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.log == ["now", "later"])
  }

  @Test func immediateMutationsThatDoNotFitInlineStillApplyInOrderBeforeTheWork() async {
    let reactor = ScriptedReactor()
    reactor.send(
      .perform(
        .concat(
          .concat(.just(.append("a")), .just(.append("b"))),
          .concat(.just(.append("c")), .run { send in send(.append("d")) }))))
    #expect(reactor.currentState.log == ["a", "b", "c"])
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.log == ["a", "b", "c", "d"])
  }

  @Test func aMergeOrAScopeAroundInlineMutationsAndWorkTakesThemAll() async {
    let reactor = ScriptedReactor()
    let gate = Gate()
    reactor.send(
      .perform(
        .merge(
          .concat(.just(.append("a")), .run { send in send(.append("b")) }),
          .just(.append("c")))))
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.log == ["a", "c", "b"])
    reactor.send(
      .perform(
        .concat(
          .just(.append("d")),
          .run { send in
            try await gate.wait()
            send(.append("dropped"))
          }
        )
        .cancellable(id: "scoped", policy: .latest)))
    #expect(reactor.currentState.log == ["a", "c", "b", "d"])
    reactor.cancel(id: "scoped")
    gate.open()
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.log == ["a", "c", "b", "d"])
  }

  @Test func anEmptyConcatOrMergeIsNone() {
    let reactor = ScriptedReactor()
    reactor.send(.perform(.concat([])))
    reactor.send(.perform(.merge(.none, .none)))
    #expect(reactor.currentState.log.isEmpty)
  }
}

private func isRun(_ node: MutationNode<Int>) -> Bool {
  if case .run = node { true } else { false }
}

enum TestFailure: Error, CustomStringConvertible {
  case boom

  var description: String { "boom" }
}

// MARK: - Fixtures

/// A reactor whose actions carry the mutations `mutate` returns, so a test writes them inline.
final class ScriptedReactor: Reactor {
  enum Action {
    case perform(Mutations<Mutation>)
    /// Another case, for policies keyed by the action's case.
    case performOther(Mutations<Mutation>)
    /// Does nothing; for `take(until:)` predicates.
    case marker(String)
  }
  enum Mutation: Equatable { case append(String) }
  struct State: Equatable { var log: [String] = [] }

  let initialState = State()
  let runtime: Runtime

  init(diagnostics: ReactorDiagnostics<Action, Mutation, State>? = nil) {
    runtime = diagnostics.map(Runtime.init(diagnostics:)) ?? Runtime()
  }

  func mutate(action: Action) -> Mutations<Mutation> {
    switch action {
    case .perform(let mutations), .performOther(let mutations): mutations
    case .marker: .none
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    if case .append(let entry) = mutation { state.log.append(entry) }
    return state
  }
}
