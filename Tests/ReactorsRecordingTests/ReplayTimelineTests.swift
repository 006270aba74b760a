import ReactorsTesting
import RecordingFixtures
import Testing

@testable import Reactors
@testable import ReactorsRecording

@Suite(.timeLimit(.minutes(1))) struct ReplayTimelineTests {
  @Test func anActionStepLeavesTheStateAsItWas() throws {
    let timeline = ReplayTimeline(
      Recording<NoteReactor>(events: [
        RecordedEvent(.mutation(.setText("a"), source: .immediate), at: .zero),
        RecordedEvent(.action(.type("ab")), at: .seconds(1)),
      ]),
      reactor: NoteReactor(recorder: nil, clock: TestClock()))
    let step = timeline[1]
    #expect(step.isAction)
    #expect(step.stateBefore == .init(text: "a"))
    #expect(step.state == .init(text: "a"))
    #expect(step.diff == "")
  }

  @Test func aMutationStepsStateIsWhatReduceMakesOfTheStateBefore() {
    let reactor = NoteReactor(recorder: nil, clock: TestClock())
    let mutations: [NoteReactor.Mutation] = [.setText("a"), .setSaved(1), .setText("ab")]
    let timeline = ReplayTimeline(
      Recording<NoteReactor>(
        events: mutations.map { RecordedEvent(.mutation($0, source: .effect), at: .zero) }),
      reactor: reactor)
    #expect(timeline.map(\.state) == reactor.replay(mutations))
    #expect(timeline.allSatisfy { !$0.isAction })
    #expect(timeline[1].stateBefore == .init(text: "a"))
    #expect(timeline[1].state == .init(text: "a", savedVersions: [1]))
  }

  @Test func theFirstStepStartsFromTheReactorsInitialState() {
    let reactor = VaultReactor()
    let timeline = ReplayTimeline(
      Recording<VaultReactor>(events: [
        RecordedEvent(.mutation(.setUser("octocat"), source: .immediate), at: .zero)
      ]),
      reactor: reactor)
    #expect(timeline.initialState == VaultReactor.State(user: "guest"))
    #expect(timeline[0].stateBefore == VaultReactor.State(user: "guest"))
    #expect(timeline[0].state == VaultReactor.State(user: "octocat"))
  }

  @Test func aStepsDiffIsTheLineDiffOfTheStatesItChanged() {
    let timeline = ReplayTimeline(
      Recording<NoteReactor>(events: [
        RecordedEvent(.mutation(.setText("a"), source: .immediate), at: .zero),
        RecordedEvent(.mutation(.setSaved(1), source: .effect), at: .zero),
      ]),
      reactor: NoteReactor(recorder: nil, clock: TestClock()))
    #expect(
      timeline[0].diff == """
          State(
        -   text: "",
        +   text: "a",
            savedVersions: [],
            user: ""
          )
        """)
    #expect(
      timeline[1].diff == """
          State(
            text: "a",
        -   savedVersions: [],
        +   savedVersions: [
        +     1
        +   ],
            user: ""
          )
        """)
  }

  @Test func aMutationThatChangesNothingHasAnEmptyDiff() {
    let timeline = ReplayTimeline(
      Recording<NoteReactor>(events: [
        RecordedEvent(.mutation(.setText("a"), source: .immediate), at: .zero),
        RecordedEvent(.mutation(.setText("a"), source: .immediate), at: .zero),
      ]),
      reactor: NoteReactor(recorder: nil, clock: TestClock()))
    #expect(timeline[0].diff != "")
    #expect(timeline[1].diff == "")
  }

  @Test func aSecretFieldNeverShowsInADiffOrADescription() {
    let timeline = ReplayTimeline(
      Recording<VaultReactor>(events: [
        RecordedEvent(.action(.logIn(user: "octocat", password: "hunter2")), at: .zero),
        RecordedEvent(.mutation(.setUser("octocat"), source: .immediate), at: .zero),
        RecordedEvent(.mutation(.setPassword("hunter2"), source: .immediate), at: .zero),
      ]),
      reactor: VaultReactor())
    #expect(timeline[0].description == #"logIn(user: "octocat", password: <redacted>)"#)
    #expect(timeline[1].diff.contains(#"+   user: "octocat","#))
    #expect(timeline[1].diff.contains("password: <redacted>"))
    #expect(timeline[2].description == "setPassword(<redacted>)")
    // The only change is to a secret, so there is nothing to show.
    #expect(timeline[2].state.password == "hunter2")
    #expect(timeline[2].diff == "")
    for step in timeline {
      #expect(!step.description.contains("hunter2"))
      #expect(!step.diff.contains("hunter2"))
    }
  }

  @Test func aSecretNestedInsideTheStateIsRedactedInTheDiff() {
    let timeline = ReplayTimeline(
      Recording<VaultReactor>(events: [
        RecordedEvent(
          .mutation(.setSession(.init(user: "octocat", token: "ghp_abc")), source: .effect),
          at: .zero)
      ]),
      reactor: VaultReactor())
    let diff = timeline[0].diff
    #expect(diff.contains(#"+     user: "octocat","#))
    #expect(diff.contains("+     token: <redacted>"))
    #expect(!diff.contains("ghp_abc"))
    #expect(timeline[0].description == #"setSession(Session(user: "octocat", token: <redacted>))"#)
  }

  @Test func theRedactionItIsGivenDecidesWhatIsSecret() {
    let recording = Recording<VaultReactor>(events: [
      RecordedEvent(.mutation(.setPassword("hunter2"), source: .immediate), at: .zero)
    ])
    let disabled = ReplayTimeline(recording, reactor: VaultReactor(), redaction: .disabled)
    #expect(disabled[0].description == #"setPassword("hunter2")"#)
    #expect(disabled[0].diff.contains(#"+   password: "hunter2""#))
    let custom = ReplayTimeline(
      recording, reactor: VaultReactor(), redaction: Redaction(keywords: ["user"]))
    #expect(custom[0].description == #"setPassword("hunter2")"#)
    #expect(custom[0].diff.contains("user: <redacted>"))
  }

  @Test func descriptionsNameTheCaseWithoutADotOrTheWordActionOrMutation() {
    let timeline = ReplayTimeline(
      Recording<NoteReactor>(events: [
        RecordedEvent(.action(.type("swift")), at: .zero),
        RecordedEvent(.action(.save), at: .zero),
        RecordedEvent(.mutation(.setText("swift"), source: .immediate), at: .zero),
      ]),
      reactor: NoteReactor(recorder: nil, clock: TestClock()))
    #expect(timeline.map(\.description) == [#"type("swift")"#, "save", #"setText("swift")"#])
  }

  @Test func stepsCanBeReadInAnyOrder() {
    let events = (0..<50).map { index in
      RecordedEvent<NoteReactor.Action, NoteReactor.Mutation>(
        .mutation(.setSaved(index), source: .effect), at: .milliseconds(index * 10))
    }
    let timeline = ReplayTimeline(
      Recording<NoteReactor>(events: events),
      reactor: NoteReactor(recorder: nil, clock: TestClock()))
    #expect(timeline.count == 50)
    #expect(timeline.indices == 0..<50)
    // The last step first, then one in the middle, then the first: each is the same as in order.
    #expect(timeline[49].state.savedVersions == Array(0..<50))
    #expect(timeline[49].offset == .milliseconds(490))
    #expect(timeline[25].stateBefore.savedVersions == Array(0..<25))
    #expect(timeline[0].stateBefore == .init())
    #expect(timeline.reversed().map(\.offset) == events.reversed().map(\.offset))
    for index in timeline.indices.dropFirst() {
      #expect(timeline[index].stateBefore == timeline[index - 1].state)
    }
    #expect(timeline.last?.state == timeline[timeline.index(before: timeline.endIndex)].state)
  }

  @Test func stepsReadFromSeveralTasksAtOnceAreTheSame() async {
    let events = (0..<20).map { index in
      RecordedEvent<NoteReactor.Action, NoteReactor.Mutation>(
        .mutation(.setSaved(index), source: .effect), at: .milliseconds(index))
    }
    let timeline = ReplayTimeline(
      Recording<NoteReactor>(events: events),
      reactor: NoteReactor(recorder: nil, clock: TestClock()))
    let expected = timeline.map(\.diff)
    // A timeline is a value that tasks share; its steps are made on access, from its own storage.
    let read = await withTaskGroup(of: [String].self) { group in
      for _ in 0..<4 {
        group.addTask { timeline.reversed().map(\.diff).reversed() }
      }
      return await group.reduce(into: [[String]]()) { $0.append($1) }
    }
    #expect(read.count == 4)
    #expect(read.allSatisfy { $0 == expected })
    #expect(expected.allSatisfy { !$0.isEmpty })
  }

  @Test func immediateAndEffectMutationsAreReducedAlike() {
    let recording = { (source: MutationSource) in
      Recording<NoteReactor>(events: [
        RecordedEvent(.mutation(.setText("a"), source: source), at: .zero),
        RecordedEvent(.mutation(.setSaved(1), source: source), at: .zero),
      ])
    }
    let reactor = NoteReactor(recorder: nil, clock: TestClock())
    let immediate = ReplayTimeline(recording(.immediate), reactor: reactor)
    let effect = ReplayTimeline(recording(.effect), reactor: reactor)
    #expect(immediate.map(\.state) == effect.map(\.state))
    #expect(immediate.last?.state == .init(text: "a", savedVersions: [1]))
  }

  @Test func anEmptyRecordingHasNoStepsAndTheInitialState() {
    let timeline = ReplayTimeline(
      Recording<NoteReactor>(events: []), reactor: NoteReactor(recorder: nil, clock: TestClock()))
    #expect(timeline.isEmpty)
    #expect(timeline.startIndex == timeline.endIndex)
    #expect(timeline.first == nil)
    #expect(timeline.initialState == .init())
  }

  @Test func redactedActionsAreStepsThatLeaveTheState() throws {
    let recording = try Recording<NoteReactor>(
      jsonLines: """
        {"format":"reactors-recording","reactor":"NoteReactor","version":1}
        {"mutation":{"setText":{"_0":"a"}},"source":"immediate","t":0}
        {"action":{"setToken":"<redacted>"},"t":1.5}
        {"mutation":{"setText":{"_0":"ab"}},"source":"immediate","t":2}
        """)
    let timeline = ReplayTimeline(
      recording, reactor: NoteReactor(recorder: nil, clock: TestClock()))
    #expect(timeline.count == 3)
    let step = timeline[1]
    guard case .redactedAction = step.event.kind else {
      Issue.record("expected a redacted action, got \(step.event.kind)")
      return
    }
    #expect(step.isAction)
    #expect(step.offset == .milliseconds(1500))
    #expect(step.description == "<redacted>")
    #expect(step.state == .init(text: "a"))
    #expect(step.diff == "")
    #expect(timeline[2].state == .init(text: "ab"))
  }

  @Test func eachStepCarriesItsRecordedEventAndOffset() {
    let timeline = ReplayTimeline(
      Recording<NoteReactor>(events: [
        RecordedEvent(.action(.type("a")), at: .milliseconds(12_345)),
        RecordedEvent(.mutation(.setText("a"), source: .effect), at: .seconds(13)),
      ]),
      reactor: NoteReactor(recorder: nil, clock: TestClock()))
    #expect(timeline[0].offset == .milliseconds(12_345))
    #expect(timeline[0].event.action == .type("a"))
    #expect(timeline[1].offset == .seconds(13))
    #expect(timeline[1].event.mutation == .setText("a"))
    guard case .mutation(_, let source) = timeline[1].event.kind else {
      Issue.record("expected a mutation, got \(timeline[1].event.kind)")
      return
    }
    #expect(source == .effect)
  }

  @Test func buildingATimelineRunsNoEffectAndLeavesTheReactorAsItWas() async {
    // `save` would start an effect that sleeps on the clock and then saves; replay must not.
    let clock = TestClock()
    let reactor = NoteReactor(recorder: nil, clock: clock)
    let timeline = ReplayTimeline(
      Recording<NoteReactor>(events: [
        RecordedEvent(.action(.type("a")), at: .zero),
        RecordedEvent(.action(.save), at: .zero),
      ]),
      reactor: reactor)
    #expect(timeline.map(\.state) == [.init(), .init()])
    #expect(reactor.currentState == .init())
    await clock.advance(by: .seconds(1))
    #expect(reactor.currentState == .init())
  }

  @Test func aRecordedSessionsTimelineEndsInTheStateTheSessionReached() async throws {
    // Given a session recorded with an effect
    let session = await NoteReactor.recordTypingAndSaving()
    // When its recording becomes a timeline
    let recording = try Recording<NoteReactor>(jsonLines: session.jsonLines)
    let timeline = ReplayTimeline(
      recording, reactor: NoteReactor(recorder: nil, clock: TestClock()))
    // Then it has every event, in order, and ends where the session did
    #expect(
      timeline.map(\.description) == [
        #"type("abc")"#, #"setText("abc")"#, "save", "setSaved(3)",
      ])
    #expect(timeline.map(\.isAction) == [true, false, true, false])
    #expect(timeline.last?.state == session.states.last)
    #expect(timeline.last?.offset == .milliseconds(100))
  }
}

/// A reactor whose state holds a secret, for redaction; only `reduce` matters to a timeline.
private final class VaultReactor: Reactor {
  enum Action: Codable, Sendable {
    case logIn(user: String, password: String)
  }
  enum Mutation: Codable, Sendable {
    case setUser(String)
    case setPassword(String)
    case setSession(Session)
  }
  struct Session: Codable, Sendable, Equatable {
    var user: String
    var token: String
  }
  struct State: Sendable, Equatable {
    var user: String
    var password = ""
    var session: Session?
  }

  let initialState = State(user: "guest")
  let runtime = Runtime()

  func mutate(action: Action) -> Mutations<Mutation> {
    switch action {
    case .logIn(let user, let password):
      .concat(.just(.setUser(user)), .just(.setPassword(password)))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setUser(let user): state.user = user
    case .setPassword(let password): state.password = password
    case .setSession(let session): state.session = session
    }
    return state
  }
}
