import Foundation
import Testing

@testable import Reactors

/// Nothing of the user's is released while the runtime's lock is held: a `deinit` is user code,
/// and one that reads `currentState` or sends would wait for the lock its own thread holds.
///
/// Each test makes the runtime let go of a value whose `deinit` reads the state and sends, at one
/// place where values leave the machine, on a thread of its own under a deadline: a regression
/// fails instead of hanging the suite.
@Suite(.timeLimit(.minutes(1))) struct RuntimeStorageTests {
  @Test func aReplacedStateIsReleasedOnceTheLockIs() async {
    let reactor = ProbeReactor()
    let released = Recorder<String>()
    await inThread("the replaced state's deinit") {
      reactor.send(.hold(reactor.probe("state", released)))
      reactor.send(.hold(nil))
    }
    #expect(released.values == ["state"])
    // The send from the deinit was performed before the step ended.
    #expect(reactor.currentState.noops == 1)
  }

  @Test func workHandedToTheStepsOwnerIsReleasedOnceTheLockIs() async {
    let reactor = ProbeReactor()
    let released = Recorder<String>()
    // An observer sends while it runs inside a step: the action waits in the queue for the owner.
    let observation = reactor.observe { state in
      if state.count == 1 { reactor.send(.carry(reactor.probe("queued action", released))) }
    }
    await inThread("the queued action's deinit") { reactor.send(.carry(nil)) }
    #expect(released.values == ["queued action"])
    #expect(reactor.currentState.count == 2 && reactor.currentState.noops == 1)
    withExtendedLifetime(observation) {}
  }

  @Test func listenersLetGoWhenTheReactorEndsAreReleasedOnceTheLockIs() async {
    let reactor = ProbeReactor()
    let released = Recorder<String>()
    let observation = reactor.observe { [probe = reactor.probe("observer", released)] _ in
      _ = probe
    }
    await inThread("the observer's deinit") { reactor.runtime.storage.end() }
    #expect(released.values == ["observer"])
    withExtendedLifetime(observation) {}
  }

  @Test func aRemovedListenerIsReleasedOnceTheLockIs() async {
    let reactor = ProbeReactor()
    let released = Recorder<String>()
    let observation = reactor.observe { [probe = reactor.probe("observer", released)] _ in
      _ = probe
    }
    await inThread("the observer's deinit") { observation.cancel() }
    #expect(released.values == ["observer"])
    #expect(reactor.currentState.noops == 1)
  }

  @Test func aSupersededLatestRunIsReleasedWithItsActionOnceTheLockIs() async {
    let reactor = ProbeReactor()
    let released = Recorder<String>()
    await inThread("the superseded run's deinit") {
      // The second run replaces the first before its task starts: the first never starts.
      reactor.send(.latest(reactor.probe("first", released)))
      reactor.send(.latest(nil))
    }
    await withDeadline("the runs end") { await reactor.waitUntilIdle() }
    #expect(released.values == ["first"])
    #expect(reactor.currentState.noops == 1)
  }

  @Test func aStopConditionsPredicateIsReleasedOnceTheLockIs() async {
    let reactor = ProbeReactor()
    let released = Recorder<String>()
    await inThread("the predicate's deinit") {
      reactor.send(.runUntilStopped(reactor.probe("predicate", released)))
      reactor.send(.stop)
    }
    await withDeadline("the run ends") { await reactor.waitUntilIdle() }
    #expect(released.values == ["predicate"])
    #expect(reactor.currentState.noops == 1)
  }
}

/// Runs `body` on a thread of its own, outside the concurrency pool, and fails the test if it has
/// not returned within the deadline: a thread stuck on the lock then blocks no task.
private func inThread(_ what: String, _ body: @escaping @Sendable () -> Void) async {
  await withDeadline(what) { await onThread(body) }
}

/// A value whose `deinit` reads its reactor's state and sends to it.
private final class Probe: Sendable {
  let onDeinit: @Sendable () -> Void

  init(onDeinit: @escaping @Sendable () -> Void) {
    self.onDeinit = onDeinit
  }

  deinit { onDeinit() }
}

private final class ProbeReactor: Reactor {
  enum Action: Sendable {
    case hold(Probe?)
    case carry(Probe?)
    case latest(Probe?)
    case runUntilStopped(Probe)
    case stop
    case noop
  }

  enum Mutation: Sendable {
    case hold(Probe?)
    case count
    case noop
  }

  struct State: Sendable {
    var probe: Probe?
    var count = 0
    var noops = 0
  }

  let initialState = State()
  let runtime = Runtime()

  /// A probe whose `deinit` reads this reactor's state, sends to it, and records `name`.
  func probe(_ name: String, _ released: Recorder<String>) -> Probe {
    Probe { [weak self] in
      _ = self?.currentState
      self?.send(.noop)
      released.record(name)
    }
  }

  func mutate(action: Action) -> Mutations<Mutation> {
    switch action {
    case .hold(let probe): .just(.hold(probe))
    case .carry: .just(.count)
    case .latest:
      .run { send in send(.count) }.cancellable(id: "latest", policy: .latest)
    case .runUntilStopped(let probe):
      // Waits until cancelled: by the stop action, which the predicate matches.
      .run { _ in try await Task.sleep(for: .seconds(60)) }
        .take(until: self.action.filter { action in withExtendedLifetime(probe) { action.isStop } })
    case .stop: .none
    case .noop: .just(.noop)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .hold(let probe): state.probe = probe
    case .count: state.count += 1
    case .noop: state.noops += 1
    }
    return state
  }
}

extension ProbeReactor.Action {
  fileprivate var isStop: Bool {
    if case .stop = self { true } else { false }
  }
}
