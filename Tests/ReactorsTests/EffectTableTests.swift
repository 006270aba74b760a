import Testing

@testable import Reactors

/// The effect table as a value: registration under each policy, cancelling, finishing, `.queue`
/// turns, `.latest` slots, waiting until idle. No task runs here.
@Suite(.timeLimit(.minutes(1))) struct EffectTableTests {
  typealias Table = EffectTable
  let id = EffectID("search")

  @Test func aThrottledRunStartsTheNextIsHeldAndCancelByIdReachesBothAndResetsTheInterval() {
    var table = Table()
    // An interval of an hour: every arrival of this test falls within the first one.
    let throttle = Throttle(
      id: id, interval: .seconds(3600), clock: ContinuousClock(), latest: true)
    guard
      case .start(let running) = table.registerThrottled(throttle.arrive(), id: id, parent: nil).0,
      case .hold(let held, _) = table.registerThrottled(throttle.arrive(), id: id, parent: nil).0,
      case .hold(let newer, _) = table.registerThrottled(throttle.arrive(), id: id, parent: nil).0
    else {
      Issue.record("expected a start, then two held runs")
      return
    }
    #expect(held.isCancelled)  // The newest held run displaces the one before it.
    #expect(running.isActive && newer.isActive)
    _ = table.cancel(id: id)
    #expect(running.isCancelled && newer.isCancelled)
    let afterCancel = table.registerThrottled(throttle.arrive(), id: id, parent: nil).0
    guard case .start = afterCancel else {
      Issue.record("expected the interval to start afresh after cancel(id:)")
      return
    }
  }

  @Test func mergeLetsRunsOverlap() {
    var table = Table()
    let first = started(table.register(.cancellable(id, .merge), parent: nil))
    let second = started(table.register(.cancellable(id, .merge), parent: nil))
    #expect(first.isActive && second.isActive)
    #expect(table.running.count == 2)
  }

  @Test func latestCancelsTheRunInFlightAndItsTask() {
    var table = Table()
    let first = started(table.register(.cancellable(id, .latest), parent: nil))
    let task = Task<Void, Never> {}
    _ = table.attach(task, to: first)
    let (registration, followUp) = table.register(.cancellable(id, .latest), parent: nil)
    #expect(first.isCancelled)
    #expect(followUp.tasksToCancel == [task])
    #expect(started((registration, followUp)).isActive)
  }

  @Test func exhaustDropsANewRunWhileOneIsInFlight() {
    var table = Table()
    let first = started(table.register(.cancellable(id, .exhaust), parent: nil))
    let whileRunning = table.register(.cancellable(id, .exhaust), parent: nil).0
    #expect(whileRunning == .skip)
    _ = table.finish(first)
    let afterwards = table.register(.cancellable(id, .exhaust), parent: nil).0
    #expect(afterwards != .skip)
  }

  @Test func queueGrantsTheNextTurnWhenTheRunningOneFinishesOrIsCancelled() {
    var table = Table()
    let first = started(table.register(.cancellable(id, .queue), parent: nil))
    guard case .wait(let second) = table.register(.cancellable(id, .queue), parent: nil).0,
      case .wait(let third) = table.register(.cancellable(id, .queue), parent: nil).0
    else {
      Issue.record("later runs should wait for their turn")
      return
    }
    // A continuation can only be tested by a task; here the decision is read directly.
    #expect(second.isActive && third.isActive)
    _ = table.finish(first)
    guard case .granted = second.turn else {
      Issue.record("the second run should have its turn")
      return
    }
    _ = table.cancel(second)
    guard case .granted = third.turn else {
      Issue.record("the third run should have its turn once the second is cancelled")
      return
    }
  }

  @Test func cancellingAnIdCancelsItsRunningAndWaitingRuns() {
    var table = Table()
    let first = started(table.register(.cancellable(id, .queue), parent: nil))
    guard case .wait(let second) = table.register(.cancellable(id, .queue), parent: nil).0 else {
      Issue.record("the second run should wait")
      return
    }
    _ = table.cancel(id: id)
    #expect(first.isCancelled && second.isCancelled)
    // Still counted until their tasks return.
    #expect(table.running.count == 2)
  }

  @Test func workInsideAnEndedScopeIsSkipped() {
    var table = Table()
    let parent = started(table.register(.stop(nil), parent: nil))
    _ = table.cancel(parent)
    let inside = table.register(.stop(nil), parent: parent).0
    #expect(inside == .skip)
  }

  @Test func takeUntilRegistersAStopConditionThatEndsWithItsScope() {
    var table = Table()
    let scope = started(table.register(.stop({ $0 as? Int == 1 }), parent: nil))
    #expect(table.stops.count == 1)
    #expect(table.stops[0].matches(1) && !table.stops[0].matches(2))
    _ = table.finish(scope)
    #expect(!table.hasStopConditions)
  }

  @Test func aNewerLatestRunTakesTheSlotOfOneWhoseTaskHasNotStarted() {
    var table = Table()
    let first = started(table.register(.cancellable(id, .latest), parent: nil))
    let opened = table.schedule(in: first, newSlot: LatestSlot.init)
    #expect(opened?.isNew == true)
    guard let slot = opened?.slot else { return }
    // A second run before the slot's task started: no new task, the first never starts.
    let second = started(table.register(.cancellable(id, .latest), parent: nil))
    let replaced = table.schedule(in: second, newSlot: LatestSlot.init)
    #expect(replaced?.slot === slot && replaced?.isNew == false)
    #expect(first.isFinished)
    // The task takes the newest run, and is attached to it.
    let task = Task<Void, Never> {}
    _ = table.attach(task, to: slot)
    let taken = table.take(slot)
    #expect(taken === second)
    #expect(second.task == task)
    // A third run now needs a task of its own, and cancels the second.
    let third = started(table.register(.cancellable(id, .latest), parent: nil))
    #expect(second.isCancelled)
    let reopened = table.schedule(in: third, newSlot: LatestSlot.init)
    #expect(reopened?.isNew == true && reopened?.slot !== slot)
  }

  @Test func aCancelledLatestRunIsNotScheduled() {
    var table = Table()
    let run = started(table.register(.cancellable(id, .latest), parent: nil))
    _ = table.cancel(id: id)
    let scheduled = table.schedule(in: run, newSlot: LatestSlot.init)
    #expect(scheduled == nil)
  }

  @Test func aSlotTakenAfterItsRunWasCancelledIsNotReusedByTheNextRun() {
    var table = Table()
    let first = started(table.register(.cancellable(id, .latest), parent: nil))
    guard let slot = table.schedule(in: first, newSlot: LatestSlot.init)?.slot else { return }
    _ = table.cancel(id: id)
    let taken = table.take(slot)
    #expect(taken === first && !first.isActive)  // Its task finds it cancelled.
    let second = started(table.register(.cancellable(id, .latest), parent: nil))
    let next = table.schedule(in: second, newSlot: LatestSlot.init)
    #expect(next?.isNew == true && next?.slot !== slot)
  }

  @Test func idleWaitersAreResumedWhenTheLastScopeFinishes() async {
    var table = Table()
    let scope = table.plainScope()
    await withCheckedContinuation { continuation in
      let waits = table.addIdleWaiter(1, continuation)
      #expect(waits)
      let followUp = table.finish(scope)
      #expect(followUp.idleWaiters.count == 1)
      followUp.perform()
    }
    await withCheckedContinuation { continuation in
      let waits = table.addIdleWaiter(2, continuation)
      #expect(!waits)  // Idle already.
      continuation.resume()
    }
  }

  @Test func aPlainRunRegisteredAfterTheEndHasItsTaskCancelled() {
    var table = Table()
    _ = table.endAll()
    let scope = EffectScope(parent: nil)
    let task = Task {}
    let followUp = table.registerPlain(scope, task: task)
    #expect(scope.isCancelled)
    #expect(followUp.tasksToCancel == [task])
    #expect(table.running.count == 1)  // Until its task returns, like any other.
  }

  @Test func afterTheEndEveryNewScopeIsCancelledAsItComes() {
    var table = Table()
    let running = table.plainScope()
    _ = table.endAll()
    #expect(running.isCancelled)
    #expect(started(table.register(.stop(nil), parent: nil)).isCancelled)
  }
}

private func started(
  _ registration: (EffectTable.Registration, FollowUp)
) -> EffectScope {
  if case .start(let scope) = registration.0 { return scope }
  Issue.record("expected the work to start, got \(registration.0)")
  return EffectScope(parent: nil)
}

extension EffectTable {
  /// Registers a plain top-level run with a task that does nothing, and returns its scope.
  mutating func plainScope() -> EffectScope {
    let scope = EffectScope(parent: nil)
    _ = registerPlain(scope, task: Task {})
    return scope
  }
}
