import Foundation
@_spi(Testing) import Reactors
import ReactorsTesting
import Testing

@Suite(.timeLimit(.minutes(2))) struct ReactorChildrenTests {
  // MARK: Seeing the child

  @Test func attachingAChildMirrorsItsStateAsTheParentsOwnMutations() async {
    // Given a parent under test, and a child it attaches
    let store = TestStore(FamilyReactor())
    let child = ChildReactor()
    // When the parent attaches the child, and the child changes
    await store.send(.open(1, child))
    await store.receive(.setChild(1, ChildReactor.State())) { $0.children[1] = .init() }
    child.send(.increase)
    // Then each state of the child reaches the parent as one of its mutations
    await store.receive(.setChild(1, ChildReactor.State(value: 1))) { $0.children[1]?.value = 1 }
    await store.finish()
  }

  @Test func aProjectionReachesTheParentOnlyWhenItChanges() async {
    // Given a parent that sees only the child's value
    let store = TestStore(FamilyReactor())
    let child = ChildReactor()
    await store.send(.openCounting(1, child))
    await store.receive(.setCount(1, 0)) { $0.counts[1] = 0 }
    // When the child changes something else, then its value
    child.send(.setLabel("ignored"))
    child.send(.increase)
    // Then only the new value arrives
    await store.receive(.setCount(1, 1)) { $0.counts[1] = 1 }
    await store.finish()
    #expect(child.currentState.label == "ignored")
  }

  @Test func aTestStoreAssertsTheMutationsOfAChildsEffectsExhaustively() async {
    // Given a parent under test whose child loads through an effect that waits at a gate
    let gate = Gate()
    let store = TestStore(FamilyReactor())
    let child = ChildReactor(gate: gate)
    await store.send(.open(1, child))
    await store.receive(.setChild(1, .init())) { $0.children[1] = .init() }
    // When the parent has the child load, and the load ends
    await store.send(.load(1))
    await store.receive(.setChild(1, .init(isLoading: true))) { $0.children[1]?.isLoading = true }
    gate.open()
    // Then the store waited for the child's effect (it shares the parent's tracker) and the
    // outcome is the parent's mutation
    await store.receive(.setChild(1, .init(value: 10))) {
      $0.children[1]?.isLoading = false
      $0.children[1]?.value = 10
    }
    await store.finish()
  }

  @Test func theParentNeverReducesAChildsStateInsideItsOwnMutate() async {
    // Given a parent whose `mutate` sends to its child, which changes at once
    let parent = FamilyReactor()
    let child = ChildReactor()
    parent.send(.open(1, child))
    // When the parent's `mutate` sends to the child
    parent.send(.bump(1))
    // Then inside that `mutate` the parent had not seen the child's new state yet, and when
    // `send` returned it had: queued behind the step, reduced before it ended
    #expect(parent.seenInsideBump.values == [0])
    #expect(parent.currentState.children[1]?.value == 1)
    #expect(child.currentState.value == 1)
  }

  @Test func theParentSeesEveryChildStateInOrderWhileBothAreSentToFromTwoThreads() async {
    // Given a parent whose observer sends to the child, and whose `mutate` sends to it too
    let parent = FamilyReactor()
    let child = ChildReactor()
    parent.send(.openCounting(1, child))
    let seen = Recorder<Int>()
    let observation = parent.observe { state in
      if let count = state.counts[1] { seen.record(count) }
    }
    // When one thread sends to the parent (which sends to the child) and another to the child
    let sends = 2_000
    let finished = await withDeadline("two threads × \(sends) sends") {
      await runOnThreads([0, 1]) { thread in
        for _ in 0..<sends {
          if thread == 0 { parent.send(.bump(1)) } else { child.send(.increase) }
        }
      }
      return true
    }
    guard finished == true else {
      abandon([observation])
      return
    }
    // Then nothing deadlocked, and the parent saw the child's values in the child's order, each
    // once, ending with the last
    #expect(child.currentState.value == 2 * sends)
    #expect(parent.currentState.counts[1] == 2 * sends)
    let values = seen.values
    #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 })
    #expect(values.last == 2 * sends)
    _ = observation
  }

  // MARK: Lifetime

  @Test func detachingCancelsTheChildsEffectsAndEndsItsStateSequences() async {
    // Given a child whose load is in flight and whose states a view reads
    let gate = Gate()
    let outcome = Recorder<String>()
    let parent = FamilyReactor()
    let tracker = parent._trackEffects()
    let child = ChildReactor(gate: gate, outcome: outcome)
    parent.send(.open(1, child))
    let view = Task { [states = child.state] in
      for await _ in states {}
      return "ended"
    }
    parent.send(.load(1))
    await gate.waitForArrivals(1)
    // When the parent detaches it
    parent.send(.close(1))
    // Then the load is cancelled and no task is left, the view's sequence ends, the parent
    // reduced the removal, and the child, still held here, ignores what it is sent
    await withDeadline("the child's task to end") { await tracker.waitUntilNoneRunning() }
    #expect(outcome.values == ["cancelled"])
    #expect(await withDeadline("the child's state sequence to end") { await view.value } == "ended")
    #expect(parent.currentState.children.isEmpty)
    #expect(parent.child(id: 1, as: ChildReactor.self) == nil)
    child.send(.increase)
    #expect(child.currentState.value == 0)
    #expect(child._runningEffectCount == 0)
  }

  @Test func replacingAChildEndsTheOldOneAndMirrorsTheNewOneWithoutARemoval() async {
    // Given a child with its load in flight
    let gate = Gate()
    let outcome = Recorder<String>()
    let store = TestStore(FamilyReactor())
    let first = ChildReactor(gate: gate, outcome: outcome)
    await store.send(.open(1, first))
    await store.receive(.setChild(1, .init())) { $0.children[1] = .init() }
    await store.send(.load(1))
    await store.receive(.setChild(1, .init(isLoading: true))) { $0.children[1]?.isLoading = true }
    await gate.waitForArrivals(1)
    // When another child is attached under the same id
    let second = ChildReactor(value: 5)
    await store.send(.open(1, second))
    // Then the first one's load is cancelled, and the parent mirrors the second one at once
    await store.receive(.setChild(1, .init(value: 5))) { $0.children[1] = .init(value: 5) }
    await store.finish()
    #expect(outcome.values == ["cancelled"])
    #expect(store.reactor.child(id: 1, as: ChildReactor.self) === second)
  }

  @Test func releasingTheParentCancelsTheChildsEffectsEvenWhileAViewHoldsTheChild() async {
    // Given a child held by a view, its load in flight; the parent is otherwise unreferenced
    let gate = Gate()
    let outcome = Recorder<String>()
    let child = ChildReactor(gate: gate, outcome: outcome)
    let view = Task { [states = child.state] in
      for await _ in states {}
      return "ended"
    }
    // When the parent goes (the leak check releases it and waits for every task it and its
    // children started)
    await withLeakCheck(FamilyReactor()) { parent in
      parent.send(.open(1, child))
      parent.send(.load(1))
      await gate.waitForArrivals(1)
    }
    // Then the child did not keep its parent alive, its load was cancelled, no task is left,
    // and the view's sequence ended
    #expect(outcome.values == ["cancelled"])
    #expect(await withDeadline("the child's state sequence to end") { await view.value } == "ended")
    child.send(.load)
    #expect(child._runningEffectCount == 0)
  }

  @Test func waitUntilIdleWaitsForTheChildrensEffects() async {
    // Given a parent whose child's load waits at a gate
    let gate = Gate()
    let parent = FamilyReactor()
    let child = ChildReactor(gate: gate)
    parent.send(.open(1, child))
    parent.send(.load(1))
    await gate.waitForArrivals(1)
    // When the parent waits until idle, and the load ends
    let waiting = Task { await parent.waitUntilIdle() }
    gate.open()
    await withDeadline("the parent to be idle") { await waiting.value }
    // Then it returned once the child's effect had ended, and the parent had seen its outcome
    #expect(parent._runningEffectCount == 0)
    #expect(parent.currentState.children[1] == ChildReactor.State(value: 10))
  }

  @Test func aChildAttachedInInitIsPartOfTheParentsFirstState() async {
    // Given a parent that attaches a child for its whole life, in `init`
    let store = TestStore(HeaderedReactor())
    // Then the child's state is in the parent's first state, and its changes follow
    #expect(store.state.header == ChildReactor.State(value: 3))
    store.reactor.header.send(.increase)
    await store.receive(.setHeader(ChildReactor.State(value: 4))) { $0.header?.value = 4 }
    await store.finish()
  }

  // MARK: Finding children

  @Test func aChildIsFoundByItsIdAndType() {
    let parent = FamilyReactor()
    let child = ChildReactor()
    parent.send(.open(7, child))
    #expect(parent.child(id: 7, as: ChildReactor.self) === child)
    #expect(parent.child(id: 7, as: FamilyReactor.self) == nil)
    #expect(parent.child(id: 8, as: ChildReactor.self) == nil)
    #expect(parent.child(id: "7", as: ChildReactor.self) == nil)
  }

  @Test func detachingAnIdWithoutAChildChangesNothing() async {
    let store = TestStore(FamilyReactor())
    await store.send(.close(3))
    await store.finish()
  }

  @Test func aKeyedCollectionOfChildrenIsMirroredChildByChild() async {
    // Given three cell children
    let store = TestStore(FamilyReactor())
    let cells = (1...3).map { ChildReactor(value: $0 * 10) }
    for (id, cell) in zip(1..., cells) {
      await store.send(.openCounting(id, cell))
      await store.receive(.setCount(id, id * 10)) { $0.counts[id] = id * 10 }
    }
    // When one changes and another is removed
    cells[1].send(.increase)
    await store.receive(.setCount(2, 21)) { $0.counts[2] = 21 }
    await store.send(.close(1))
    await store.receive(.setCount(1, nil)) { $0.counts[1] = nil }
    // Then the others are untouched, and the removed one is ended
    cells[0].send(.increase)
    #expect(cells[0].currentState.value == 10)
    await store.finish()
  }
}

// MARK: - Fixtures

/// A child reactor: counts, loads through an effect that waits at a gate, and announces.
final class ChildReactor: Reactor {
  enum Action { case increase, setLabel(String), load, finish(String), leave }
  enum Mutation {
    case add(Int), setLabel(String), setLoading, finishLoading, announce(String), leave
  }
  struct State: Equatable {
    var value = 0
    var isLoading = false
    var label = ""
    @Pulse var outcome: String? = nil
    @Pulse var isLeaving = false
  }

  let initialState: State
  let runtime = Runtime()
  private let gate: Gate?
  private let outcome: Recorder<String>?

  init(value: Int = 0, gate: Gate? = nil, outcome: Recorder<String>? = nil) {
    initialState = State(value: value)
    self.gate = gate
    self.outcome = outcome
  }

  func mutate(action: Action) -> Mutations<Mutation> {
    switch action {
    case .increase: .just(.add(1))
    case .setLabel(let label): .just(.setLabel(label))
    case .finish(let outcome): .just(.announce(outcome))
    case .leave: .just(.leave)
    case .load:
      .concat(
        .just(.setLoading),
        .run { [gate, outcome] send in
          do {
            try await gate?.wait()
          } catch {
            outcome?.record("cancelled")
            throw error
          }
          send(.finishLoading)
        })
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .add(let amount): state.value += amount
    case .setLabel(let label): state.label = label
    case .setLoading: state.isLoading = true
    case .finishLoading:
      state.value += 10
      state.isLoading = false
    case .announce(let outcome): state.outcome = outcome
    case .leave: state.isLeaving = true
    }
    return state
  }
}

/// A parent of `ChildReactor`s, keyed by number: mirrors them whole or their value only, and
/// hears their announcements.
final class FamilyReactor: Reactor {
  enum Action {
    case open(Int, ChildReactor)
    case openCounting(Int, ChildReactor)
    case close(Int)
    case load(Int)
    case bump(Int)
  }
  enum Mutation: Equatable {
    case setChild(Int, ChildReactor.State?)
    case setCount(Int, Int?)
    case childSaid(Int, String)
  }
  struct State: Equatable {
    var children: [Int: ChildReactor.State] = [:]
    var counts: [Int: Int] = [:]
    var said: [String] = []
  }

  let initialState = State()
  let runtime = Runtime()
  /// The child's value as this reactor's state had it, inside each `bump`'s `mutate`, after
  /// sending to the child.
  let seenInsideBump = Recorder<Int>()

  func mutate(action: Action) -> Mutations<Mutation> {
    switch action {
    case .open(let id, let child):
      attach(
        child, id: id, as: { .setChild(id, $0) },
        announcing: [
          .pulse(\.$outcome, as: { .childSaid(id, $0 ?? "") }),
          .pulse(\.$isLeaving, send: { _ in .close(id) }),
        ])
    case .openCounting(let id, let child):
      attach(child, id: id, state: \.value, as: { .setCount(id, $0) })
    case .close(let id):
      detach(id: id)
    case .load(let id):
      child(id: id, as: ChildReactor.self)?.send(.load)
    case .bump(let id):
      child(id: id, as: ChildReactor.self)?.send(.increase)
      if currentState.counts.isEmpty, let value = currentState.children[id]?.value {
        seenInsideBump.record(value)
      }
    }
    return .none
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setChild(let id, let child): state.children[id] = child
    case .setCount(let id, let count): state.counts[id] = count
    case .childSaid(let id, let outcome): state.said.append("\(id): \(outcome)")
    }
    return state
  }
}

/// A parent with one child for its whole life, attached in `init`.
final class HeaderedReactor: Reactor {
  enum Mutation: Equatable { case setHeader(ChildReactor.State?) }
  struct State: Equatable { var header: ChildReactor.State? }

  let initialState = State()
  let runtime = Runtime()
  let header = ChildReactor(value: 3)

  init() {
    attach(header, id: "header", as: Mutation.setHeader)
  }

  func mutate(action: Never) -> Mutations<Mutation> {}

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setHeader(let header): state.header = header
    }
    return state
  }
}
