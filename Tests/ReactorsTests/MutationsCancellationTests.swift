import Foundation
@_spi(Testing) import Reactors
import Testing

@Suite(.timeLimit(.minutes(2))) struct MutationsCancellationTests {
  // MARK: take(until:)

  @Test func takeUntilStopsWorkWhenALaterActionMatchesAndTheConcatGoesOn() async {
    let reactor = ScriptedReactor()
    let gate = Gate()
    let outcome = Recorder<String>()
    reactor.send(
      .perform(
        .concat(
          .just(.append("start")),
          .run { send in
            do {
              try await gate.wait()
            } catch {
              outcome.record("cancelled")
              throw error
            }
            send(.append("late"))
          }
          .take(
            until: reactor.action.filter { if case .marker("stop") = $0 { true } else { false } }),
          .just(.append("after"))
        )))
    await gate.waitForArrivals(1)
    reactor.send(.marker("other"))
    #expect(outcome.values.isEmpty)
    reactor.send(.marker("stop"))
    gate.open()
    await reactor.waitUntilIdle()
    #expect(outcome.values == ["cancelled"])
    #expect(reactor.currentState.log == ["start", "after"])
  }

  @Test func takeUntilSeesAnActionAsSentEvenWhenTransformActionFiltersItOut() async {
    // Given work that stops on `.stop`, and a `transform(action:)` that drops `.stop`
    let (external, _) = AsyncStream.makeStream(of: SentActionsReactor.Action.self)
    let reactor = SentActionsReactor(external: external)
    let gate = Gate()
    reactor.send(.start(gate))
    await gate.waitForArrivals(1)
    // When `.stop` is sent
    reactor.send(.stop)
    gate.open()
    await withDeadline("the work to end") { await reactor.waitUntilIdle() }
    // Then the work stopped (as ReactorKit's `self.action` sees what the view sends), although
    // `.stop` never reached `mutate`
    #expect(reactor.currentState.log == [])
  }

  @Test func takeUntilIgnoresAnActionMergedInByTransformAction() async {
    // Given work that stops on `.stop`, and a `transform(action:)` that merges in outside actions
    let (external, continuation) = AsyncStream.makeStream(of: SentActionsReactor.Action.self)
    let reactor = SentActionsReactor(external: external)
    let gate = Gate()
    reactor.send(.start(gate))
    await gate.waitForArrivals(1)
    // When a `.stop` comes from outside, not from `send`
    continuation.yield(.stop)
    #expect(await eventually { reactor.currentState.log == ["stop reached mutate"] })
    gate.open()
    await withDeadline("the work to end") { await reactor.waitUntilIdle() }
    // Then the work was not stopped
    #expect(reactor.currentState.log == ["stop reached mutate", "done"])
  }

  @Test func takeUntilIsNotTriggeredByTheActionThatStartedTheWork() async {
    let reactor = ScriptedReactor()
    reactor.send(
      .perform(
        .run { send in send(.append("done")) }
          .take(until: reactor.action.filter { _ in true })))
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.log == ["done"])
  }

  @Test func takeUntilWithAPredicateOverAnotherActionTypeNeverMatchesAndIsReported() async {
    let reports = Recorder<String>()
    let reactor = ScriptedReactor(
      diagnostics: ReactorDiagnostics { event in
        if case .effectFailed(let error) = event.kind { reports.record("\(error)") }
      })
    reactor.send(
      .perform(
        .run { send in send(.append("done")) }
          .take(until: ActionPredicate<Int> { _ in true })))
    reactor.send(.marker("anything"))
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.log == ["done"])
    #expect(reports.values.count == 1)
    #expect(reports.values.first?.contains("never matches") == true)
  }

  @Test func aTakeUntilPredicateMayReadAndCancelOnTheReactorItself() async {
    let reactor = ScriptedReactor()
    let gate = Gate()
    let other = Gate()
    let outcome = Recorder<String>()
    reactor.send(.perform(waiting(on: other, then: "other", outcome: outcome, id: "other", .merge)))
    reactor.send(
      .perform(
        .run { send in
          try await gate.wait()
          send(.append("late"))
        }
        .take(
          until: reactor.action.filter { [reactor] action in
            // Re-entering from a predicate must neither deadlock nor trap.
            _ = reactor.currentState
            reactor.cancel(id: "other")
            if case .marker = action { return true } else { return false }
          })))
    await gate.waitForArrivals(1)
    await other.waitForArrivals(1)
    reactor.send(.marker("stop"))
    gate.open()
    other.open()
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.log.isEmpty)
    #expect(outcome.values == ["other cancelled"])
  }

  // MARK: Policies

  @Test func aLatestRunThatSentAndEndedWhileTheNextQueryWasReducedNeverLands() async {
    // Given a `.latest` search in flight, and a `reduce` that, while it applies the next query,
    // lets that search send its results and end (on another thread, which finds the step taken)
    let reactor = LatestSearchReactor()
    let tracker = reactor._trackEffects()
    reactor.send(.search(1))
    await reactor.gates[1].waitForArrivals(1)
    let failures = Recorder<String>()
    reactor.onSetQuery = { query in
      guard query == 2 else { return }
      reactor.gates[1].open()
      let ended = DispatchSemaphore(value: 0)
      Task {
        await tracker.waitUntilNoneRunning()
        ended.signal()
      }
      if ended.wait(timeout: .now() + 30) == .timedOut { failures.record("search 1 never ended") }
    }
    // When the next query is sent, from a thread that may block
    await runOnThreads([2]) { reactor.send(.search($0)) }
    reactor.gates[2].open()
    await withDeadline("the second search to land") { await reactor.waitUntilIdle() }
    // Then only the second search's results landed
    #expect(failures.values.isEmpty)
    #expect(reactor.currentState.results == [2])
  }

  @Test func latestCancelsTheRunInFlightAndOnlyTheNewOneLands() async {
    let reactor = ScriptedReactor()
    let first = Gate()
    let second = Gate()
    let outcome = Recorder<String>()
    reactor.send(
      .perform(waiting(on: first, then: "first", outcome: outcome, id: "search", .latest)))
    await first.waitForArrivals(1)
    reactor.send(
      .perform(waiting(on: second, then: "second", outcome: outcome, id: "search", .latest)))
    first.open()
    second.open()
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.log == ["second"])
    #expect(outcome.values.contains("first cancelled"))
  }

  @Test func aBurstOfLatestSendsFromAnActorStartsTheNewestRunWhileItGoesOn() async {
    // Given an actor that sends a `.latest` query and yields, over and over, so that the slot's
    // task (on that actor too) mostly finds its run replaced when it looks, and waits a turn
    let actor = MarkedActor()
    let reactor = ScriptedReactor()
    // When it sends until one of the runs has started, 1,000 queries at most
    let sent = await sendLatestUntilARunStarts(from: actor, to: reactor, atMost: 1_000)
    await withDeadline("the last run to end") { await reactor.waitUntilIdle() }
    // Then a run started while the burst went on (the task waits 16 turns at most, and the
    // actor sends one or two queries a turn), and only the newest query's run ran
    #expect(sent < 100)
    #expect(reactor.currentState.log == ["ran \(sent)"])
  }

  @Test func latestStartsTheNewRunWithoutWaitingForTheCancelledOneToReturn() async {
    let reactor = ScriptedReactor()
    let slow = Gate()
    let second = Gate()
    // Cancellation is cooperative: this run does not notice it, and returns only once released.
    reactor.send(
      .perform(
        .run { send in
          try? await Task { try await slow.wait() }.value
          send(.append("first"))
        }
        .cancellable(id: "search", policy: .latest)))
    await slow.waitForArrivals(1)
    reactor.send(
      .perform(waiting(on: second, then: "second", outcome: Recorder(), id: "search", .latest)))
    await second.waitForArrivals(1)
    second.open()
    slow.open()
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.log == ["second"])
  }

  @Test func latestStartedInsideAnEffectCancelsTheRunBeforeEvenAfterTwoSupersessions() async {
    let reactor = ScriptedReactor()
    let gates = [Gate(), Gate(), Gate()]
    let outcome = Recorder<String>()
    for (index, name) in ["first", "second", "third"].enumerated() {
      // Registered from the effect's task, after the `.run` before it: not at `send`.
      reactor.send(
        .perform(
          .concat(
            .run { _ in },
            waiting(on: gates[index], then: name, outcome: outcome, id: "search", .latest))))
      await gates[index].waitForArrivals(1)
    }
    for gate in gates { gate.open() }
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.log == ["third"])
    #expect(outcome.values.sorted() == ["first cancelled", "second cancelled"])
  }

  @Test func aLatestRunThatReturnedWhileItsMutationWaitedForAnotherThreadsStepLandsNothing() async {
    // Given a `.latest` run in flight, and every task of the reactor counted
    let reactor = ScriptedReactor()
    let tasks = reactor._trackEffects()
    let gate = Gate()
    reactor.send(
      .perform(waiting(on: gate, then: "first", outcome: Recorder(), id: "search", .latest)))
    await gate.waitForArrivals(1)
    // When another thread's step supersedes it, and the run sends its mutation and returns while
    // that step is held in an observer, after the new query and before the new run registers
    let everyTaskReturned = Recorder<Bool>()
    let observation = reactor.observe { state in
      guard state.log.last == "second query" else { return }
      gate.open()
      everyTaskReturned.record(spin { tasks.runningCount == 0 })
    }
    await runOnThreads([reactor]) { reactor in
      reactor.send(
        .perform(
          .concat(
            .just(.append("second query")),
            .run { send in send(.append("second")) }.cancellable(id: "search", policy: .latest))))
    }
    await withDeadline("the effects to end") { await reactor.waitUntilIdle() }
    // Then its mutation is dropped: it ends only behind it, so the new run still cancels it
    #expect(everyTaskReturned.values == [true])
    #expect(reactor.currentState.log == ["second query", "second"])
    _ = observation
  }

  @Test func anEffectCountsAsRunningUntilTheMutationItLeftForAnotherThreadsStepIsReduced() async {
    // Given an effect in flight, and another thread's step held in an observer
    let reactor = ScriptedReactor()
    let tasks = reactor._trackEffects()
    let gate = Gate()
    reactor.send(.perform(waiting(on: gate, then: "effect", outcome: Recorder(), id: "a", .merge)))
    await gate.waitForArrivals(1)
    let countWhileHeld = Recorder<Int>()
    let observation = reactor.observe { state in
      guard state.log == ["held"] else { return }
      // When the effect sends its mutation and returns meanwhile
      gate.open()
      _ = spin { tasks.runningCount == 0 }
      countWhileHeld.record(reactor._runningEffectCount)
    }
    await runOnThreads([reactor]) { reactor in reactor.send(.perform(.just(.append("held")))) }
    // Then it counts as running until that step has reduced its mutation, so that
    // `waitUntilIdle()` returns only after it
    #expect(countWhileHeld.values == [1])
    await withDeadline("the effect to end") { await reactor.waitUntilIdle() }
    #expect(reactor.currentState.log == ["held", "effect"])
    _ = observation
  }

  @Test func exhaustIgnoresNewRunsWhileOneIsInFlight() async {
    let reactor = ScriptedReactor()
    let gate = Gate()
    let started = Recorder<String>()
    func load(_ name: String) -> Mutations<ScriptedReactor.Mutation> {
      .run { send in
        started.record(name)
        try await gate.wait()
        send(.append(name))
      }
      .cancellable(id: "page", policy: .exhaust)
    }
    reactor.send(.perform(load("page 3")))
    await gate.waitForArrivals(1)
    reactor.send(.perform(load("page 3 again")))
    gate.open()
    await reactor.waitUntilIdle()
    reactor.send(.perform(load("page 4")))
    await reactor.waitUntilIdle()
    #expect(started.values == ["page 3", "page 4"])
    #expect(reactor.currentState.log == ["page 3", "page 4"])
  }

  @Test func queueRunsOneAfterAnotherInSendOrder() async {
    let reactor = ScriptedReactor()
    let gates = [Gate(), Gate(), Gate()]
    let events = Recorder<String>()
    for (index, gate) in gates.enumerated() {
      reactor.send(
        .perform(
          .run { send in
            events.record("start \(index)")
            try await gate.wait()
            events.record("end \(index)")
            send(.append("\(index)"))
          }
          .cancellable(id: "save", policy: .queue)))
    }
    await gates[0].waitForArrivals(1)
    // Opening the last gates first changes nothing: they have not started yet.
    gates[2].open()
    gates[1].open()
    #expect(events.values == ["start 0"])
    gates[0].open()
    await reactor.waitUntilIdle()
    #expect(events.values == ["start 0", "end 0", "start 1", "end 1", "start 2", "end 2"])
    #expect(reactor.currentState.log == ["0", "1", "2"])
  }

  @Test func mergeLetsRunsWithTheSameIDOverlap() async {
    let reactor = ScriptedReactor()
    let gate = Gate()
    let outcome = Recorder<String>()
    reactor.send(.perform(waiting(on: gate, then: "one", outcome: outcome, id: "both", .merge)))
    reactor.send(.perform(waiting(on: gate, then: "two", outcome: outcome, id: "both", .merge)))
    await gate.waitForArrivals(2)
    gate.open()
    await reactor.waitUntilIdle()
    #expect(Set(reactor.currentState.log) == ["one", "two"])
  }

  @Test func aPolicyWithoutAnIDIsKeyedByTheActionsCase() async {
    let reactor = ScriptedReactor()
    let first = Gate()
    let other = Gate()
    let second = Gate()
    let outcome = Recorder<String>()
    func keyed(_ gate: Gate, _ name: String) -> Mutations<ScriptedReactor.Mutation> {
      .run { send in
        do { try await gate.wait() } catch {
          outcome.record("\(name) cancelled")
          throw error
        }
        send(.append(name))
      }
      .cancellable(policy: .latest)
    }
    reactor.send(.perform(keyed(first, "first")))
    reactor.send(.performOther(keyed(other, "other")))
    await first.waitForArrivals(1)
    await other.waitForArrivals(1)
    reactor.send(.perform(keyed(second, "second")))  // Same case as `first`: supersedes it.
    for gate in [first, other, second] { gate.open() }
    await reactor.waitUntilIdle()
    #expect(Set(reactor.currentState.log) == ["other", "second"])
    #expect(outcome.values == ["first cancelled"])
  }

  // MARK: Explicit cancel

  @Test func cancelByIDFromOutsideStopsTheWork() async {
    let reactor = ScriptedReactor()
    let gate = Gate()
    let outcome = Recorder<String>()
    reactor.send(.perform(waiting(on: gate, then: "late", outcome: outcome, id: 42, .merge)))
    await gate.waitForArrivals(1)
    reactor.cancel(id: 42)
    gate.open()
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.log.isEmpty)
    #expect(outcome.values == ["late cancelled"])
  }

  @Test func cancelByIDFromMutateStopsTheWork() async {
    let reactor = ScriptedReactor()
    let gate = Gate()
    let outcome = Recorder<String>()
    reactor.send(.perform(waiting(on: gate, then: "late", outcome: outcome, id: "job", .merge)))
    await gate.waitForArrivals(1)
    reactor.send(.perform(.concat(.cancel(id: "job"), .just(.append("cancelled it")))))
    gate.open()
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.log == ["cancelled it"])
  }

  @Test func cancellingAQueuedRunThatHasNotStartedMeansItNeverStarts() async {
    let reactor = ScriptedReactor()
    let gate = Gate()
    let started = Recorder<String>()
    for name in ["first", "second"] {
      reactor.send(
        .perform(
          .run { send in
            started.record(name)
            try await gate.wait()
            send(.append(name))
          }
          .cancellable(id: "line", policy: .queue)))
    }
    await gate.waitForArrivals(1)
    reactor.cancel(id: "line")
    gate.open()
    await reactor.waitUntilIdle()
    #expect(started.values == ["first"])
    #expect(reactor.currentState.log.isEmpty)
  }

  // MARK: The guarantee

  @Test func noMutationOfACancelledEffectReachesReduceAfterTheCancelReturns() async {
    let reactor = TickingReactor()
    let ticked = Gate()
    // The effect ignores cancellation on purpose and keeps sending: the runtime must drop it all.
    reactor.send(.start(generation: 1, ticks: 2_000, firstTick: ticked))
    await ticked.waitForArrivals(1)
    reactor.cancel(id: TickingReactor.EffectKey.ticker)
    reactor.cancelled.insert(1)
    reactor.send(.start(generation: 2, ticks: 100, firstTick: nil))
    await reactor.waitUntilIdle()
    #expect(reactor.violations.values.isEmpty)
    #expect(reactor.currentState.ticks[2] == 100)
  }

  @Test func aSupersededEffectLandsNothingAfterTheNewActionWasSent() async {
    let reactor = TickingReactor()
    for generation in 1...20 {
      reactor.send(.start(generation: generation, ticks: 300, firstTick: nil, policy: .latest))
      reactor.cancelled.insert(generation - 1)
    }
    await reactor.waitUntilIdle()
    #expect(reactor.violations.values.isEmpty)
    #expect(reactor.currentState.ticks[20] == 300)
  }

  @Test func aBurstOfLatestQueriesLandsNoStaleResultAndLeavesNothingRegistered() async {
    let reactor = ScriptedReactor()
    for query in 1...200 {
      reactor.send(
        .perform(
          .concat(
            .just(.append("query \(query)")),
            .run { send in send(.append("result \(query)")) }
              .cancellable(id: "search", policy: .latest))))
    }
    await reactor.waitUntilIdle()
    let log = reactor.currentState.log
    // A result lands only while its query is the newest one.
    var current = ""
    for entry in log {
      if entry.hasPrefix("query ") { current = String(entry.dropFirst("query ".count)) }
      if entry.hasPrefix("result ") { #expect(entry == "result \(current)") }
    }
    #expect(log.last == "result 200")
    #expect(reactor._runningEffectCount == 0)
  }

  @Test func aBurstOfLatestQueriesWithScopesInsideLeavesNothingRegistered() async {
    // Given queries whose `.latest` work holds a scope of its own (a `take(until:)`), so that
    // a superseded one waits in its lane with that inner scope already registered
    let reactor = ScriptedReactor()
    let stop = reactor.action.filter { if case .marker("stop") = $0 { true } else { false } }
    // When 200 come in a row
    for query in 1...200 {
      reactor.send(
        .perform(
          .run { send in send(.append("result \(query)")) }
            .take(until: stop)
            .cancellable(id: "search", policy: .latest)))
    }
    // Then the reactor becomes idle: no superseded run leaves its inner scope registered
    await expectIdleWithNothingRegistered(reactor, "the burst's work to end")
    #expect(reactor.currentState.log.last == "result 200")
  }

  @Test func workCancelledBeforeItRunsEndsTheScopesItRegistered() async {
    // Given work that registers a scope of its own (a `take(until:)`) before its task runs, and
    // is cancelled by id right after it is sent, so its task may find itself cancelled before it
    // runs anything
    let reactor = ScriptedReactor()
    let stop = reactor.action.filter { if case .marker("stop") = $0 { true } else { false } }
    for round in 1...200 {
      reactor.send(
        .perform(
          .concat(
            .run { send in send(.append("ran \(round)")) }.take(until: stop),
            .just(.append("after \(round)"))
          )
          .cancellable(id: "work")))
      reactor.send(.performOther(.cancel(id: "work")))
    }
    // Then the reactor becomes idle: nothing it registered stays behind
    await expectIdleWithNothingRegistered(reactor, "the cancelled work to end")
  }

  /// Expects `reactor` to become idle within 30 s with no scope left registered.
  private func expectIdleWithNothingRegistered(
    _ reactor: ScriptedReactor, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let idle = await withDeadline(what, limit: .seconds(100), sourceLocation: sourceLocation) {
      await reactor.waitUntilIdle()
      return true
    }
    #expect(idle == true, sourceLocation: sourceLocation)
    #expect(reactor._runningEffectCount == 0, sourceLocation: sourceLocation)
  }

  @Test func aSendKeptAfterTheEffectFinishedIsIgnored() async {
    let reactor = ScriptedReactor()
    let kept = Recorder<Send<ScriptedReactor.Mutation>>()
    reactor.send(
      .perform(
        .run { send in
          send(.append("inside"))
          kept.record(send)
        }))
    await reactor.waitUntilIdle()
    kept.values.first?(.append("outside"))
    #expect(reactor.currentState.log == ["inside"])
    kept.removeAll()  // The kept send holds its effect's task, whose closure holds `kept`.
  }

  private func waiting(
    on gate: Gate, then name: String, outcome: Recorder<String>, id: some Hashable & Sendable,
    _ policy: CancellationPolicy
  ) -> Mutations<ScriptedReactor.Mutation> {
    .run { send in
      do {
        try await gate.wait()
      } catch {
        outcome.record("\(name) cancelled")
        throw error
      }
      send(.append(name))
    }
    .cancellable(id: id, policy: policy)
  }
}

// MARK: - Fixtures

/// A search under `.latest` whose runs wait on per-query gates, with a hook into `reduce`.
final class LatestSearchReactor: Reactor, @unchecked Sendable {
  // Safe: `onSetQuery` is set by the test before the send that calls it, and read only in
  // `reduce`, which runs after that send begins.
  enum Action { case search(Int) }
  enum Mutation { case setQuery(Int), setResults(Int) }
  struct State { var query = 0, results: [Int] = [] }

  let initialState = State()
  let runtime = Runtime()
  let gates = [Gate(), Gate(), Gate()]
  var onSetQuery: @Sendable (Int) -> Void = { _ in }

  func mutate(action: Action) -> Mutations<Mutation> {
    guard case .search(let query) = action else { return .none }
    let gate = gates[query]
    return .concat(
      .just(.setQuery(query)),
      .run { send in
        try await gate.wait()
        send(.setResults(query))
      }
      .cancellable(id: "search", policy: .latest))
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setQuery(let query):
      state.query = query
      onSetQuery(query)
    case .setResults(let query):
      state.results.append(query)
    }
    return state
  }
}

/// Effects that send many ticks, and a `reduce` that flags any tick of a generation the test has
/// already cancelled.
final class TickingReactor: Reactor {
  enum EffectKey { case ticker }
  enum Action {
    case start(generation: Int, ticks: Int, firstTick: Gate?, policy: CancellationPolicy = .merge)
  }
  enum Mutation { case tick(generation: Int) }
  struct State { var ticks: [Int: Int] = [:] }

  let initialState = State()
  let runtime = Runtime()
  let cancelled = LockedSet<Int>()
  let violations = Recorder<Int>()
  let started = Recorder<Int>()

  func mutate(action: Action) -> Mutations<Mutation> {
    switch action {
    case .start(let generation, let ticks, let firstTick, let policy):
      started.record(generation)
      return .run { send in
        for index in 0..<ticks {
          send(.tick(generation: generation))
          if index == 0, let firstTick { try? await firstTick.wait() }
          await Task.yield()
        }
      }
      .cancellable(id: EffectKey.ticker, policy: policy)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .tick(let generation):
      if cancelled.contains(generation) { violations.record(generation) }
      state.ticks[generation, default: 0] += 1
    }
    return state
  }
}

/// Work that stops on `.stop`, behind a `transform(action:)` that drops `.stop` and merges in
/// actions from outside.
final class SentActionsReactor: Reactor {
  enum Action {
    case start(Gate)
    case stop
  }
  enum Mutation { case append(String) }
  struct State { var log: [String] = [] }

  let initialState = State()
  let runtime = Runtime()
  let external: AsyncStream<Action>

  init(external: AsyncStream<Action>) {
    self.external = external
  }

  func mutate(action: Action) -> Mutations<Mutation> {
    switch action {
    case .start(let gate):
      .run { send in
        try await gate.wait()
        send(.append("done"))
      }
      .take(until: self.action.filter { if case .stop = $0 { true } else { false } })
    case .stop:
      .just(.append("stop reached mutate"))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    if case .append(let entry) = mutation { state.log.append(entry) }
    return state
  }

  func transform(action: Signal<Action>) -> Signal<Action> {
    action
      .filter { if case .stop = $0 { false } else { true } }
      .merge(with: external)
  }
}

/// A set shared between a test and a reactor.
final class LockedSet<Element: Hashable & Sendable>: @unchecked Sendable {
  // Safe: `elements` is guarded by `lock`.
  private let lock = NSLock()
  private var elements: Set<Element> = []

  func insert(_ element: Element) { _ = lock.withLock { elements.insert(element) } }
  func contains(_ element: Element) -> Bool { lock.withLock { elements.contains(element) } }
}

/// Yields the calling thread until `condition` holds, for up to 60 seconds; for code that must
/// wait synchronously (inside an observer) on a thread of its own. Returns whether it held.
func spin(until condition: () -> Bool) -> Bool {
  let deadline = ContinuousClock.now.advanced(by: .seconds(60))
  while !condition() {
    if ContinuousClock.now > deadline { return false }
    sched_yield()
  }
  return true
}

/// Sends `.latest` queries to `reactor` from `actor`, yielding the actor after each, until one
/// of their runs has started or `limit` were sent; returns how many were sent.
private func sendLatestUntilARunStarts(
  from actor: isolated MarkedActor, to reactor: ScriptedReactor, atMost limit: Int
) async -> Int {
  let started = Recorder<Int>()
  for query in 1...limit {
    reactor.send(
      .perform(
        .run { send in
          started.record(query)
          send(.append("ran \(query)"))
        }
        .cancellable(id: "search", policy: .latest)))
    await Task.yield()
    if !started.values.isEmpty { return query }
  }
  return limit
}
