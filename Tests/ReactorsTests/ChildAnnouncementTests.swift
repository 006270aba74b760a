@_spi(Testing) import Reactors
import ReactorsTesting
import Testing

@Suite(.timeLimit(.minutes(1))) struct ChildAnnouncementTests {
  @Test func eachAssignmentOfTheChildsPulseIsOneParentMutationAfterItsState() async {
    // Given a parent listening to its child's outcome pulse
    let store = TestStore(FamilyReactor())
    let child = ChildReactor()
    await store.send(.open(1, child))
    await store.receive(.setChild(1, .init())) { $0.children[1] = .init() }
    // When the child announces twice the same outcome
    child.send(.finish("done"))
    child.send(.finish("done"))
    // Then the parent gets the child's state, then the announcement, each time
    var announced = ChildReactor.State()
    announced.outcome = "done"
    await store.receive(.setChild(1, announced)) { $0.children[1] = announced }
    await store.receive(.childSaid(1, "done")) { $0.said = ["1: done"] }
    announced.outcome = "done"
    await store.receive(.setChild(1, announced)) { $0.children[1] = announced }
    await store.receive(.childSaid(1, "done")) { $0.said = ["1: done", "1: done"] }
    await store.finish()
  }

  @Test func anAnnouncementSentAsAnActionLetsTheParentActOnItInMutate() async {
    // Given a parent that detaches a child which asks to leave
    let store = TestStore(FamilyReactor())
    let child = ChildReactor()
    await store.send(.open(1, child))
    await store.receive(.setChild(1, .init())) { $0.children[1] = .init() }
    // When the child asks
    child.send(.leave)
    // Then the parent saw the child's state, then ran its own `close` action: the child is gone
    var leaving = ChildReactor.State()
    leaving.isLeaving = true
    await store.receive(.setChild(1, leaving)) { $0.children[1] = leaving }
    await store.receive(.setChild(1, nil)) { $0.children[1] = nil }
    await store.finish()
    #expect(store.reactor.child(id: 1, as: ChildReactor.self) == nil)
  }

  @Test func anOutcomeAssignedBeforeTheChildWasAttachedIsNotAnnounced() async {
    // Given a child that announced something before it had a parent
    let child = ChildReactor()
    child.send(.finish("early"))
    let store = TestStore(FamilyReactor())
    // When it is attached
    await store.send(.open(1, child))
    // Then the parent mirrors its state but hears no announcement
    let state = child.currentState
    await store.receive(.setChild(1, state)) { $0.children[1] = state }
    await store.finish()
  }

  @Test func aDetachedChildAnnouncesNothingMore() async {
    let store = TestStore(FamilyReactor())
    let child = ChildReactor()
    await store.send(.open(1, child))
    await store.receive(.setChild(1, .init())) { $0.children[1] = .init() }
    await store.send(.close(1))
    await store.receive(.setChild(1, nil)) { $0.children[1] = nil }
    child.send(.finish("late"))
    await store.finish()
    #expect(store.state.said.isEmpty)
  }
}
