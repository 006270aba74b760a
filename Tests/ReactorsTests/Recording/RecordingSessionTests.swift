import RecordingFixtures
import Testing

@testable import Reactors

@Suite(.timeLimit(.minutes(1))) struct RecordingSessionTests {
  @Test func mutationsAreImmediateOnlyWhileASentActionIsPerformed() {
    let events = Recorder<RecordedEvent<NoteReactor.Action, NoteReactor.Mutation>>()
    let session = RecordingSession<NoteReactor.Action, NoteReactor.Mutation>(
      elapsed: { .seconds(3) }, sink: { events.record($0) })
    session.mutationReduced(.setText("before"))
    session.actionSent(.save)
    session.mutationReduced(.setText("during"))
    session.sentActionPerformed()
    session.mutationReduced(.setText("after"))
    let sources = events.values.compactMap { event -> MutationSource? in
      if case .mutation(_, let source) = event.kind { source } else { nil }
    }
    #expect(sources == [.effect, .immediate, .effect])
    #expect(events.values.allSatisfy { $0.offset == .seconds(3) })
  }
}
