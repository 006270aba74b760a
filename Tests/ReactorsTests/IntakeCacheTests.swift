import Foundation
import Testing

@testable import Reactors

/// A thread whose send went into an owner's open intake leaves its next ones there, unlocked,
/// and only there: the same owner, the same work type, the intake still open.
@Suite(.timeLimit(.minutes(1))) struct IntakeCacheTests {
  @Test func aThreadLeavesWorkOnlyInTheOpenIntakeItKeptForThatOwnerAndWorkType() async {
    let (owner, other) = (Owner(), Owner())
    let intake = Locked.make(Intake<Int>())
    let left = Recorder<Bool>()
    // A thread of its own: its cache starts empty, whatever ran on the test's threads before.
    await withDeadline("the sending thread") {
      await onThread {
        left.record(IntakeCache.leave(1, in: owner))  // Nothing kept yet.
        IntakeCache.keep(intake, of: owner)
        left.record(IntakeCache.leave(2, in: owner))  // Kept, but closed.
        intake.withLock { $0.isOpen = true }
        left.record(IntakeCache.leave(3, in: owner))
        left.record(IntakeCache.leave(4, in: other))  // Another owner's sends take the lock.
        left.record(IntakeCache.leave("5", in: owner))  // So does another work type.
      }
    }
    #expect(left.values == [false, false, true, false, false])
    #expect(intake.withLock(\.work) == [3])
  }

  @Test func sendsLeftInTheOpenIntakeArePerformedInOrderBeforeTheOwnersStepEnds() async {
    let reactor = LogReactor()
    let paused = DispatchSemaphore(value: 0)
    let resume = DispatchSemaphore(value: 0)
    let ownerDone = DispatchSemaphore(value: 0)
    // The owner's step pauses in its observer after the first and the second state.
    let observation = reactor.observe { state in
      guard state.log.count == 1 || state.log.count == 2 else { return }
      paused.signal()
      _ = resume.wait(timeout: .now() + 60)
    }
    let seen = Recorder<String>()
    let finished = await withDeadline("the owner and the sender") {
      async let owner: Void = onThread {
        reactor.send(.append("a1"))
        ownerDone.signal()
      }
      async let sender: Void = onThread {
        guard paused.wait(timeout: .now() + 60) == .success else { return seen.record("no pause") }
        reactor.send(.append("b1"))  // Queued under the lock: the intake is closed.
        resume.signal()
        // The owner took b1 and keeps the intake open while it performs it.
        guard paused.wait(timeout: .now() + 60) == .success else { return seen.record("no pause") }
        reactor.send(.append("b2"))  // Into the open intake, under the lock: this thread keeps it.
        seen.record(kept(by: reactor) ? "kept" : "not kept")
        // Straight into the intake, without the runtime's lock: sent with this thread holding it
        // (through the lock, the send would never return, and the deadline would fail the test).
        reactor.runtime.storage.withLock { _ in reactor.send(.append("b3")) }
        resume.signal()
        guard ownerDone.wait(timeout: .now() + 60) == .success else { return seen.record("no end") }
        // The step has ended and the intake is closed: this send takes the step and is performed.
        reactor.send(.append("b4"))
        seen.record(reactor.currentState.log.last ?? "")
      }
      _ = await (owner, sender)
      return true
    }
    // Timed out (recorded): a thread may hold the lock for good, so nothing here may take it.
    guard finished == true else { return abandon((reactor, observation)) }
    #expect(seen.values == ["kept", "b4"])
    #expect(reactor.currentState.log == ["a1", "b1", "b2", "b3", "b4"])
    let isOpen = reactor.runtime.storage.withLock { $0.extras?.intake.withLock(\.isOpen) }
    #expect(isOpen == false)
    withExtendedLifetime(observation) {}
  }

  @Test func aThreadThatKeepsTheIntakeOfAReleasedReactorKeepsNoneOfItsBuffer() {
    var reactor: LogReactor? = LogReactor()
    // What a thread's cache holds: the intake, whose buffer grew in a burst.
    let intake = reactor!.runtime.storage.withLock { $0.makeExtras().intake }
    intake.withLock { $0.work.reserveCapacity(1_000) }
    reactor = nil
    #expect(intake.withLock(\.work.capacity) == 0)
  }
}

/// Whether the calling thread keeps `reactor`'s intake.
private func kept(by reactor: LogReactor) -> Bool {
  guard let key = IntakeCache.key, let cache = pthread_getspecific(key) else { return false }
  let owner = Unmanaged<IntakeCache>.fromOpaque(cache).takeUnretainedValue().owner
  return owner == ObjectIdentifier(reactor.runtime.storage)
}

private final class Owner: Sendable {}

/// Appends each action's name to a log.
private final class LogReactor: Reactor {
  enum Action: Sendable { case append(String) }
  struct State: Sendable { var log: [String] = [] }

  let initialState = State()
  let runtime = Runtime()

  func mutate(action: Action) -> Mutations<Action> { .just(action) }

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    if case .append(let name) = mutation { state.log.append(name) }
    return state
  }
}
