import Testing

@testable import Reactors

@Suite(.timeLimit(.minutes(1))) struct StateObserverTests {
  /// Three observations and a recorder of which observer was called with what.
  private struct Fixture {
    let observations = (0..<3).map { _ in StateObservation() }
    let calls = Recorder<String>()

    func observer(_ index: Int) -> StateObserver<Int> {
      StateObserver(token: .passUnretained(observations[index])) { [calls] in
        calls.record("\(index):\($0)")
      }
    }
  }

  @Test func severalObserversAreCalledInTheOrderTheyWereAdded() {
    // Given three observers added one after the other
    let fixture = Fixture()
    let all = fixture.observer(0).adding(fixture.observer(1)).adding(fixture.observer(2))
    // When a state is handed to them
    all.receive(7)
    // Then each was called once, in order
    #expect(fixture.calls.values == ["0:7", "1:7", "2:7"])
  }

  @Test func removingAnObserverKeepsTheOthersInOrder() {
    // Given three observers
    let fixture = Fixture()
    let all = fixture.observer(0).adding(fixture.observer(1)).adding(fixture.observer(2))
    // When the middle one is removed
    let token = StateObserver<Int>.Token.passUnretained(fixture.observations[1])
    let found = all.contains(token)
    let rest = all.removing(token)
    rest?.receive(1)
    // Then it was found, and the others still hear, in order
    #expect(found)
    #expect(fixture.calls.values == ["0:1", "2:1"])
  }

  @Test func removingDownToOneObserverLeavesJustThatOne() {
    let fixture = Fixture()
    let two = fixture.observer(0).adding(fixture.observer(1))
    let rest = two.removing(.passUnretained(fixture.observations[0]))
    guard case .one = rest else {
      Issue.record("expected a single observer, got \(String(describing: rest))")
      return
    }
    rest?.receive(2)
    #expect(fixture.calls.values == ["1:2"])
    #expect(rest?.removing(.passUnretained(fixture.observations[1])) == nil)
  }

  @Test func removingAnObserverThatIsNotThereChangesNothing() {
    let fixture = Fixture()
    let two = fixture.observer(0).adding(fixture.observer(1))
    let token = StateObserver<Int>.Token.passUnretained(fixture.observations[2])
    let found = two.contains(token)
    let rest = two.removing(token)
    #expect(!found)
    rest?.receive(3)
    #expect(fixture.calls.values == ["0:3", "1:3"])
  }

  @Test func aListOfObserversKeepsThemAliveUntilItIsGone() {
    // Given an observer whose closure holds an object, in a list of two
    final class Witness: Sendable {}
    weak var released: Witness?
    var all: StateObserver<Int>?
    do {
      let witness = Witness()
      released = witness
      let fixture = Fixture()
      all = fixture.observer(0).adding(
        StateObserver(token: .passUnretained(fixture.observations[1])) { _ in _ = witness })
    }
    // Then the list keeps it alive, and frees it with the list
    #expect(released != nil)
    all = nil
    #expect(released == nil)
    _ = all
  }
}
