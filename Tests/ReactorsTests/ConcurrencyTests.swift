import Foundation
@_spi(Testing) import Reactors
import Testing

/// Concurrency between reactors, effects and observers; CI runs the suite under the sanitizers too.
/// (`StressTests` has many threads sending to one reactor.)
@Suite(.timeLimit(.minutes(5))) struct ConcurrencyTests {
  @Test func reactorsWhoseObserversSendToEachOtherFromTwoThreadsNeverDeadlock() async {
    // Given two reactors whose observers send to each other: A→B→A cycles
    let first = RelayReactor()
    let second = RelayReactor()
    let observations = [
      first.observe { state in if let forward = state.forward { second.send(forward) } },
      second.observe { state in if let forward = state.forward { first.send(forward) } },
    ]
    // When two threads send to one each, at once
    // 100,000 each; 20,000 under ThreadSanitizer in CI, where two threads busy for a minute
    // would starve the rest of the suite (100,000 passed under TSan too, in about 40 s).
    let sends = isRunningUnderThreadSanitizer ? 20_000 : 100_000
    // A deadlock never ends; the limit is loose because 200,000 sends under ThreadSanitizer on
    // two loaded cores take tens of seconds.
    let finished = await withDeadline("two threads × \(sends) sends", limit: .seconds(240)) {
      await runOnThreads([first, second]) { reactor in
        for _ in 0..<sends { reactor.send(.local) }
      }
      return true
    }
    // Then both finish, and every send and every forward was applied exactly once
    guard finished == true else {
      // Deadlocked threads hold the reactors' locks: reading a state, or even releasing an
      // observation, would hang this test too. Stop at the failure, and never let go of them.
      abandon(observations)
      return
    }
    for reactor in [first, second] {
      let state = reactor.currentState
      let counts: [Int] = [state.local, state.remote, state.echo]
      #expect(counts == [sends, sends, sends])
    }
    _ = observations
  }

  @Test func reduceNeverRunsConcurrentlyWithItself() async {
    let reactor = OverlapDetectingReactor()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<2_000 { reactor.send(.touch) }
        }
      }
      group.addTask {
        for _ in 0..<2_000 { reactor.send(.touchLater) }
      }
    }
    await reactor.waitUntilIdle()
    #expect(reactor.overlaps.values.isEmpty)
    #expect(reactor.currentState.touches == 18_000)
  }

  @Test func thousandsOfConcurrentEffectsDoNotDeadlock() async {
    let reactor = ScriptedReactor()
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<4 {
        group.addTask {
          for index in 0..<1_000 {
            reactor.send(.perform(.run { send in send(.append("\(task)-\(index)")) }))
          }
        }
      }
    }
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.log.count == 4_000)
    #expect(reactor._runningEffectCount == 0)
  }

  @Test func effectsCancelledUnderLoadLeaveAConsistentState() async {
    let reactor = TickingReactor()
    await withTaskGroup(of: Void.self) { group in
      for generation in 1...200 {
        group.addTask {
          reactor.send(.start(generation: generation, ticks: 50, firstTick: nil, policy: .latest))
        }
      }
    }
    await reactor.waitUntilIdle()
    // `mutate` runs one action at a time: the last generation it saw superseded all others and
    // was never superseded itself, so it ran to the end.
    let survivor = reactor.started.values.last!
    #expect(reactor.currentState.ticks[survivor] == 50)
    #expect(reactor.currentState.ticks.values.allSatisfy { $0 <= 50 })
    #expect(reactor._runningEffectCount == 0)
  }

  @Test func sendingFromManyThreadsWhileObserversSubscribeAndLeaveIsSafe() async {
    let counter = CounterReactor()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<2_000 { counter.send(.increase) }
        }
      }
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<200 {
            let observation = counter.observe { _ in }
            var iterator = counter.state.makeAsyncIterator()
            _ = await iterator.next()
            observation.cancel()
          }
        }
      }
    }
    #expect(counter.currentState.value == 8_000)
  }
}

// MARK: - Fixtures

final class OverlapDetectingReactor: Reactor {
  enum Action { case touch, touchLater }
  enum Mutation { case touch }
  struct State { var touches = 0 }

  let initialState = State()
  let runtime = Runtime()
  let overlaps = Recorder<Int>()
  private let inside = LockedCounter()

  func mutate(action: Action) -> Mutations<Mutation> {
    switch action {
    case .touch: .just(.touch)
    case .touchLater: .run { send in send(.touch) }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    let depth = inside.increment()
    if depth > 1 { overlaps.record(depth) }
    var state = state
    state.touches += 1
    inside.decrement()
    return state
  }
}

final class LockedCounter: @unchecked Sendable {
  // Safe: `value` is guarded by `lock`.
  private let lock = NSLock()
  private var value = 0

  func increment() -> Int {
    lock.withLock {
      value += 1; return value
    }
  }
  func decrement() { lock.withLock { value -= 1 } }
}

/// A reactor that asks its peer to apply a `.remote` for each `.local`, and an `.echo` back for
/// each `.remote`: what two reactors that observe each other do.
final class RelayReactor: Reactor {
  enum Action { case local, remote, echo }
  struct State {
    var local = 0
    var remote = 0
    var echo = 0
    /// What the peer should be sent for the last action, if anything.
    var forward: Action?
  }

  let initialState = State()
  let runtime = Runtime()

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    switch mutation {
    case .local:
      state.local += 1
      state.forward = .remote
    case .remote:
      state.remote += 1
      state.forward = .echo
    case .echo:
      state.echo += 1
      state.forward = nil
    }
    return state
  }
}

/// Runs `body` once per element, each on a thread of its own (not the cooperative pool, which a
/// deadlock would starve), and returns when every call has returned.
func runOnThreads<Element: Sendable>(
  _ elements: [Element], _ body: @escaping @Sendable (Element) -> Void
) async {
  await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    let group = DispatchGroup()
    for element in elements {
      group.enter()
      Thread {
        body(element)
        group.leave()
      }.start()
    }
    group.notify(queue: .global()) { continuation.resume() }
  }
}

/// Whether this test run is under ThreadSanitizer, which makes stress tests many times slower.
let isRunningUnderThreadSanitizer =
  dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil
