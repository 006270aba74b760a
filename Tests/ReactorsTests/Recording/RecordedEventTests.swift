import RecordingFixtures
import Testing

@testable import Reactors

@Suite(.timeLimit(.minutes(1))) struct RecordedEventTests {
  @Test func anActionEventHasAnActionAndNoMutation() {
    let event = RecordedEvent<NoteReactor.Action, NoteReactor.Mutation>(
      .action(.save), at: .seconds(1))
    #expect(event.action == .save)
    #expect(event.mutation == nil)
    #expect(event.offset == .seconds(1))
  }

  @Test func aMutationEventHasAMutationAndNoAction() {
    let event = RecordedEvent<NoteReactor.Action, NoteReactor.Mutation>(
      .mutation(.setText("a"), source: .effect), at: .zero)
    #expect(event.mutation == .setText("a"))
    #expect(event.action == nil)
  }

  @Test func aRedactedActionHasNeither() {
    let event = RecordedEvent<NoteReactor.Action, NoteReactor.Mutation>(.redactedAction, at: .zero)
    #expect(event.action == nil)
    #expect(event.mutation == nil)
  }
}
