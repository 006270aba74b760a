@_spi(Testing) import Reactors
import ReactorsTesting
import Testing

@Suite(.timeLimit(.minutes(2))) struct ReactorRuntimeTests {
  @Test func releasingTheReactorReleasesItDespiteEffectsInFlight() async {
    let gate = Gate()
    var reactor: ScriptedReactor? = ScriptedReactor()
    reactor!.send(.perform(.run { _ in try await gate.wait() }))
    await gate.waitForArrivals(1)
    weak let released = reactor
    reactor = nil
    #expect(released == nil)
  }

  @Test func releasingTheReactorCancelsEveryEffectInFlight() async {
    let gate = Gate()
    let outcome = Recorder<String>()
    var reactor: ScriptedReactor? = ScriptedReactor()
    let tracker = reactor!._trackEffects()
    for name in ["a", "b", "c"] {
      reactor!.send(
        .perform(
          .run { _ in
            do { try await gate.wait() } catch { outcome.record("\(name) cancelled") }
          }))
    }
    await gate.waitForArrivals(3)
    reactor = nil
    await tracker.waitUntilNoneRunning()
    #expect(Set(outcome.values) == ["a cancelled", "b cancelled", "c cancelled"])
  }

  @Test func releasingTheReactorEndsEveryStateSequence() async {
    var reactor: CounterReactor? = CounterReactor()
    let seen = Recorder<Int>()
    let consumers = (0..<3).map { _ in
      Task { [sequence = reactor!.state] in
        for await state in sequence { seen.record(state.value) }
        return "ended"
      }
    }
    await seen.waitForCount(3)  // Each consumer got the current state: all are subscribed.
    reactor!.send(.increase)
    await seen.waitForCount(6)
    reactor = nil
    for consumer in consumers { #expect(await consumer.value == "ended") }
    #expect(seen.values.sorted() == [0, 0, 0, 1, 1, 1])
  }

  @Test func releasingTheReactorWhileAQueuedRunWaitsItsTurnCancelsBothAndFreesEverything() async {
    // Given one `.queue` run in flight and a second waiting for its turn, and a state consumer
    let gate = Gate()
    let outcome = Recorder<String>()
    var reactor: ScriptedReactor? = ScriptedReactor()
    let tracker = reactor!._trackEffects()
    var states = reactor!.state.makeAsyncIterator()
    _ = await states.next()
    for name in ["first", "second"] {
      reactor!.send(
        .perform(
          .run { send in
            do { try await gate.wait() } catch { outcome.record("\(name) cancelled") }
            send(.append(name))
          }
          .cancellable(id: "line", policy: .queue)))
    }
    await gate.waitForArrivals(1)
    // When the last reference goes
    weak let released = reactor
    reactor = nil
    // Then the reactor is freed, the running run is cancelled, the waiting one never starts,
    // no task is left, and the state sequence ends
    #expect(released == nil)
    await withDeadline("every task of the released reactor to end") {
      await tracker.waitUntilNoneRunning()
    }
    #expect(outcome.values == ["first cancelled"])
    let next = await withDeadline("the state sequence to end") { [states] in
      var states = states
      return await states.next()
    }
    #expect(next == .some(nil))
  }

  @Test(arguments: InFlightWork.allCases)
  func releasingTheReactorMidFlightCancelsTheWorkEndsItsStatesAndLeavesNoTask(
    work: InFlightWork
  ) async {
    // Given work in flight under `work`'s rule, and a state consumer
    let clock = TestClock()
    let gate = Gate()
    let outcome = Recorder<String>()
    var reactor: ScriptedReactor? = ScriptedReactor()
    let tracker = reactor!._trackEffects()
    var states = reactor!.state.makeAsyncIterator()
    _ = await states.next()
    let body = Mutations<ScriptedReactor.Mutation>.run { send in
      do { try await gate.wait() } catch { outcome.record("cancelled") }
      send(.append("too late"))
    }
    reactor!.send(.perform(work.wrap(body, clock: clock)))
    if work.waitsOnTheClock {
      #expect(await eventually { clock.sleeperCount == 1 })
    } else {
      await gate.waitForArrivals(1)
    }
    // When the last reference goes
    weak let released = reactor
    reactor = nil
    // Then the reactor is freed, its work sees cancellation, no task is left, the states end
    #expect(released == nil)
    await withDeadline("every task of the released reactor to end") {
      await tracker.waitUntilNoneRunning()
    }
    #expect(outcome.values == (work.waitsOnTheClock ? [] : ["cancelled"]))
    #expect(clock.sleeperCount == 0)
    let next = await withDeadline("the state sequence to end") { [states] in
      var states = states
      return await states.next()
    }
    #expect(next == .some(nil))
  }

  @Test func releasingAReactorWithEveryTransformHookMidFlightStopsTheHooksToo() async {
    // Given a reactor whose three hooks are overridden, with a debounced mutation pending, a
    // merged stream being iterated, and a state consumer
    let clock = TestClock()
    let (events, continuation) = AsyncStream.makeStream(of: Int.self)
    let ended = Recorder<String>()
    continuation.onTermination = { _ in ended.record("stream iteration ended") }
    var reactor: HookedReactor? = HookedReactor(clock: clock, events: events)
    let tracker = reactor!._trackEffects()
    var states = reactor!.state.makeAsyncIterator()
    _ = await states.next()
    reactor!.send(.add(1))
    #expect(await eventually { clock.sleeperCount == 1 })
    // When the last reference goes
    weak let released = reactor
    reactor = nil
    // Then the hooks' tasks stop, no task is left, and the states end
    #expect(released == nil)
    await ended.waitForCount(1)
    #expect(await eventually { clock.sleeperCount == 0 })
    await withDeadline("every task of the released reactor to end") {
      await tracker.waitUntilNoneRunning()
    }
    let next = await withDeadline("the state sequence to end") { [states] in
      var states = states
      return await states.next()
    }
    #expect(next == .some(nil))
  }

  @Test func aStateSequenceMadeAfterTheReactorIsGoneEndsAtOnce() async {
    var reactor: CounterReactor? = CounterReactor()
    let sequence = reactor!.state
    reactor = nil
    var iterator = sequence.makeAsyncIterator()
    #expect(await iterator.next() == nil)
  }

  @Test func anEffectThatOutlivesItsReactorCannotReachIt() async {
    let gate = Gate()
    let kept = Recorder<Send<ScriptedReactor.Mutation>>()
    var reactor: ScriptedReactor? = ScriptedReactor()
    let tracker = reactor!._trackEffects()
    reactor!.send(
      .perform(
        .run { send in
          kept.record(send)
          // Ignores cancellation: keeps running after the reactor is gone.
          try? await gate.wait()
          send(.append("too late"))
        }))
    await gate.waitForArrivals(1)
    reactor = nil
    gate.open()
    await tracker.waitUntilNoneRunning()
    kept.values.first?(.append("much too late"))  // Must not crash.
    kept.removeAll()  // The kept send holds its effect's task, whose closure holds `kept`.
  }

  @Test func observersAndEffectsDoNotKeepTheReactorAlive() async {
    var reactor: ScriptedReactor? = ScriptedReactor()
    let observation = reactor!.observe { _ in }
    let sequence = reactor!.state
    weak let released = reactor
    reactor = nil
    #expect(released == nil)
    _ = (observation, sequence)
  }

  @Test func waitUntilIdleReturnsAtOnceWithoutEffects() async {
    let reactor = CounterReactor()
    reactor.send(.increase)
    await reactor.waitUntilIdle()
    #expect(reactor._runningEffectCount == 0)
  }

  @Test func waitUntilIdleEndsWhenItsTaskIsCancelled() async {
    let gate = Gate()
    let reactor = ScriptedReactor()
    reactor.send(.perform(.run { _ in try await gate.wait() }))
    await gate.waitForArrivals(1)
    let waiter = Task { await reactor.waitUntilIdle() }
    waiter.cancel()
    await waiter.value  // Returns although the effect still runs.
    #expect(reactor._runningEffectCount == 1)
    gate.open()
    await reactor.waitUntilIdle()
    #expect(reactor._runningEffectCount == 0)
  }
}

// MARK: - Fixtures

/// The ways work can be in flight when its reactor is released.
enum InFlightWork: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case plain, merge, latest, exhaust, queue, takeUntil, delay, debounce

  var testDescription: String { rawValue }

  /// Whether the work waits on the test clock rather than in its body.
  var waitsOnTheClock: Bool { self == .delay || self == .debounce }

  func wrap(
    _ body: Mutations<ScriptedReactor.Mutation>, clock: TestClock
  )
    -> Mutations<ScriptedReactor.Mutation>
  {
    switch self {
    case .plain: body
    case .merge: body.cancellable(id: "work", policy: .merge)
    case .latest: body.cancellable(id: "work", policy: .latest)
    case .exhaust: body.cancellable(id: "work", policy: .exhaust)
    case .queue: body.cancellable(id: "work", policy: .queue)
    case .takeUntil: body.take(until: ActionPredicate<ScriptedReactor.Action> { _ in false })
    case .delay: body.delay(for: .seconds(1), clock: clock)
    case .debounce: body.debounce(id: "work", for: .seconds(1), clock: clock)
    }
  }
}

/// Overrides all three hooks: actions logged, mutations debounced and merged with a stream,
/// states mapped.
final class HookedReactor: Reactor {
  enum Action { case add(Int) }
  struct State: Equatable { var total = 0 }

  let initialState = State()
  let runtime = Runtime()
  let clock: any Clock<Duration>
  let events: AsyncStream<Int>

  init(clock: any Clock<Duration>, events: AsyncStream<Int>) {
    self.clock = clock
    self.events = events
  }

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    if case .add(let amount) = mutation { state.total += amount }
    return state
  }

  func transform(action: Signal<Action>) -> Signal<Action> {
    action.onEach { _ in }
  }

  func transform(mutation: Signal<Action>) -> Signal<Action> {
    mutation
      .debounce(for: .seconds(1), clock: clock)
      .merge(with: events.map { Action.add($0) })
  }

  func transform(state: Signal<State>) -> Signal<State> {
    state.map { $0 }
  }
}
