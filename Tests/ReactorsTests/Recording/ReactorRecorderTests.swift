import ReactorsTesting
import RecordingFixtures
import Testing

@testable import Reactors

@Suite(.timeLimit(.minutes(2))) struct ReactorRecorderTests {
  @Test func actionsAndTheirImmediateMutationsAreRecordedInOrder() {
    let events = Recorder<String>()
    let reactor = NoteReactor(
      recorder: ReactorRecorder { events.record(describe($0)) }, clock: TestClock())
    reactor.send(.type("a"))
    reactor.send(.type("ab"))
    #expect(
      events.values == [
        #"action type("a")"#, #"immediate setText("a")"#,
        #"action type("ab")"#, #"immediate setText("ab")"#,
      ])
  }

  @Test func aMutationSentByAnEffectIsRecordedAsAnEffectsAtItsTime() async {
    // Given a reactor whose save answers 100 ms later on a test clock that also times the recording
    let clock = TestClock()
    let events = Recorder<RecordedEvent<NoteReactor.Action, NoteReactor.Mutation>>()
    let reactor = NoteReactor(
      recorder: ReactorRecorder(clock: clock) { events.record($0) }, clock: clock)
    // When it saves and the clock moves on
    reactor.send(.type("abc"))
    reactor.send(.save)
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(100))
    await events.waitForCount(4)
    // Then the save's mutation is an effect's, 100 ms in
    #expect(
      events.values.map(describe) == [
        #"action type("abc")"#, #"immediate setText("abc")"#, "action save", "effect setSaved(3)",
      ])
    #expect(events.values.map(\.offset) == [.zero, .zero, .zero, .milliseconds(100)])
  }

  @Test func theActionIsRecordedAsSentBeforeTransformAction() {
    let events = Recorder<String>()
    let reactor = UppercasingReactor(recorder: ReactorRecorder { events.record(describe($0)) })
    reactor.send(.type("a"))
    #expect(events.values == [#"action type("a")"#, #"immediate setText("A!")"#])
  }

  @Test func diagnosticsAndARecorderBothSeeTheSession() {
    let events = Recorder<String>()
    let diagnostics = Recorder<String>()
    let reactor = UppercasingReactor(
      diagnostics: ReactorDiagnostics { diagnostics.record($0.description) },
      recorder: ReactorRecorder { events.record(describe($0)) })
    reactor.send(.type("a"))
    #expect(events.values.count == 2)
    #expect(diagnostics.values.contains(#"state State(text: "A!")"#))
  }

  @Test func aMutationIsRecordedBeforeDiagnosticsHearOfIt() {
    // Given diagnostics that count the recorded events when a mutation reaches them (a test
    // store learns of mutations through diagnostics, and may read the recording at once)
    let events = Recorder<String>()
    let recordedWhenReported = Recorder<Int>()
    let reactor = UppercasingReactor(
      diagnostics: ReactorDiagnostics {
        if case .mutation = $0.kind { recordedWhenReported.record(events.values.count) }
      },
      recorder: ReactorRecorder { events.record(describe($0)) })
    // When an action's mutation is reduced
    reactor.send(.type("a"))
    // Then the recording held the action and its mutation when diagnostics heard of it
    #expect(recordedWhenReported.values == [2])
  }

  @Test func sendsFromManyTasksAreEachRecordedOnceWithTheirMutation() async {
    // Given a recorded reactor that many tasks send to at once
    let events = Recorder<RecordedEvent<NoteReactor.Action, NoteReactor.Mutation>>()
    let reactor = NoteReactor(recorder: ReactorRecorder { events.record($0) }, clock: TestClock())
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<8 {
        group.addTask { for index in 0..<200 { reactor.send(.type("\(task)-\(index)")) } }
      }
    }
    // Then every action is followed by its own immediate mutation
    let values = events.values
    #expect(values.count == 3_200)
    for pair in stride(from: 0, to: values.count, by: 2) {
      guard case .action(.type(let text)) = values[pair].kind,
        case .mutation(.setText(text), .immediate) = values[pair + 1].kind
      else {
        Issue.record("event \(pair) is not an action followed by its mutation")
        return
      }
    }
    #expect(reactor.currentState.text == values.last?.mutation.map(text(of:)))
  }
}

/// `action X` or `immediate X` / `effect X`, without the enum's type.
private func describe<Action, Mutation>(_ event: RecordedEvent<Action, Mutation>) -> String {
  switch event.kind {
  case .action(let action): "action \(action)"
  case .redactedAction: "redacted action"
  case .mutation(let mutation, let source): "\(source) \(mutation)"
  }
}

private func text(of mutation: NoteReactor.Mutation) -> String {
  if case .setText(let text) = mutation { text } else { "" }
}

// MARK: - Fixtures

/// Upper-cases every action in `transform(action:)` and adds "!" in `transform(mutation:)`.
final class UppercasingReactor: Reactor {
  enum Action: Sendable { case type(String) }
  enum Mutation: Sendable { case setText(String) }
  struct State: Sendable { var text = "" }

  let initialState = State()
  let runtime: Runtime

  init(
    diagnostics: ReactorDiagnostics<Action, Mutation, State>? = nil,
    recorder: ReactorRecorder<Action, Mutation>
  ) {
    runtime = Runtime(diagnostics: diagnostics, recorder: recorder)
  }

  func transform(action: Signal<Action>) -> Signal<Action> {
    action.map { action in
      switch action {
      case .type(let text): .type(text.uppercased())
      }
    }
  }

  func transform(mutation: Signal<Mutation>) -> Signal<Mutation> {
    mutation.map { mutation in
      switch mutation {
      case .setText(let text): .setText(text + "!")
      }
    }
  }

  func mutate(action: Action) -> Mutations<Mutation> {
    switch action {
    case .type(let text): .just(.setText(text))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    switch mutation {
    case .setText(let text): State(text: text)
    }
  }
}
