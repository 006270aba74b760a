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
    let rule = { Table.Rule.throttled(id, throttle.arrive()) }
    guard
      case .start(let running) = table.register(rule(), parent: nil).0,
      case .hold(let held, _) = table.register(rule(), parent: nil).0,
      case .hold(let newer, _) = table.register(rule(), parent: nil).0
    else {
      Issue.record("expected a start, then two held runs")
      return
    }
    #expect(held.isCancelled)  // The newest held run displaces the one before it.
    #expect(running.isActive && newer.isActive)
    _ = table.cancel(id: id)
    #expect(running.isCancelled && newer.isCancelled)
    let afterCancel = table.register(rule(), parent: nil).0
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
    #expect(table.runningScopes == 2)
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
    #expect(whileRunning.isSkip)
    _ = table.finish(first)
    let afterwards = table.register(.cancellable(id, .exhaust), parent: nil).0
    #expect(!afterwards.isSkip)
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
    #expect(table.runningScopes == 2)
  }

  @Test func takeUntilRegistersAStopConditionThatEndsWithItsScope() {
    var table = Table()
    let scope = started(table.register(.stop({ $0 as? Int == 1 }), parent: nil))
    #expect(table.stops.count == 1)
    #expect(table.stops[0].matches(1) && !table.stops[0].matches(2))
    _ = table.finish(scope)
    #expect(table.stops.isEmpty)
  }

  @Test func aNewerLatestRunTakesTheSlotOfOneWhoseTaskHasNotStarted() {
    var table = Table()
    let opened = table.registerLatest(id: id, newSlot: LatestSlot.init)
    #expect(opened?.isNew == true)
    guard let slot = opened?.slot else { return }
    // Waiting for its task, the run has no scope yet, and counts as running.
    #expect(table.runningScopes == 0 && table.runningCount == 1 && !table.isIdle)
    // A second run before the slot's task started: no new task, no scope.
    let replaced = table.registerLatest(id: id, newSlot: LatestSlot.init)
    #expect(replaced?.slot === slot && replaced?.isNew == false)
    #expect(table.runningScopes == 0)
    // The task takes the newest run in a scope made now, and is attached to it.
    let task = Task<Void, Never> {}
    _ = table.attach(task, to: slot)
    guard let taken = table.take(slot, make: EffectScope.init(parent:id:)).0 else {
      Issue.record("the open slot's task should take its run")
      return
    }
    #expect(taken.id == id && taken.task == task && table.runningScopes == 1)
    // A third run now needs a task of its own, and cancels the one that started.
    let reopened = table.registerLatest(id: id, newSlot: LatestSlot.init)
    #expect(taken.isCancelled && reopened?.followUp.tasksToCancel == [task])
    #expect(reopened?.isNew == true && reopened?.slot !== slot)
  }

  @Test func aLatestRunIsNotRegisteredOnceTheReactorHasEnded() {
    var table = Table()
    _ = table.endAll()
    #expect(table.registerLatest(id: id, newSlot: LatestSlot.init) == nil)
    #expect(table.isIdle)
  }

  @Test func aSlotCancelledBeforeItsTaskStartedIsFoundClosedAndNotReused() {
    var table = Table()
    guard let slot = table.registerLatest(id: id, newSlot: LatestSlot.init)?.slot else { return }
    let task = Task<Void, Never> {}
    _ = table.attach(task, to: slot)
    let followUp = table.cancel(id: id)
    #expect(followUp.tasksToCancel == [task])
    // Its task still counts until it starts, and then finds nothing to run.
    #expect(!table.isIdle)
    let taken = table.take(slot, make: EffectScope.init(parent:id:)).0
    #expect(taken == nil && table.isIdle)
    let next = table.registerLatest(id: id, newSlot: LatestSlot.init)
    #expect(next?.isNew == true && next?.slot !== slot)
  }

  @Test func aLatestRunWithAnImmediatePartSupersedesTheOpenSlot() {
    var table = Table()
    guard let slot = table.registerLatest(id: id, newSlot: LatestSlot.init)?.slot else { return }
    let registered = started(table.register(.cancellable(id, .latest), parent: nil))
    #expect(registered.isActive)
    // The slot's run never starts: its task finds the slot closed.
    #expect(table.take(slot, make: EffectScope.init(parent:id:)).0 == nil)
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
    #expect(table.runningScopes == 1)  // Until its task returns, like any other.
  }

  @Test func afterTheEndEveryNewScopeIsCancelledAsItComes() {
    var table = Table()
    let running = table.plainScope()
    _ = table.endAll()
    #expect(running.isCancelled)
    #expect(started(table.register(.stop(nil), parent: nil)).isCancelled)
  }

  // MARK: - Registering

  @Test(arguments: registrations)
  func aRunRegistersByItsPolicyAndWhatItsIdHasInFlight(_ row: RegistrationRow) {
    var table = Table()
    let rule = Table.Rule.cancellable(id, row.policy)
    var earlier: [EffectScope] = []
    let task = Task<Void, Never> {}
    if row.before != .nothing {
      let running = started(table.register(rule, parent: nil))
      _ = table.attach(task, to: running)
      earlier.append(running)
    }
    if row.before == .oneRunningOneWaiting {
      guard case .wait(let waiting) = table.register(rule, parent: nil).0 else {
        Issue.record("the second run should wait")
        return
      }
      earlier.append(waiting)
    }
    let (registration, followUp) = table.register(rule, parent: nil)
    switch (row.outcome, registration) {
    case (.start, .start(let scope)), (.wait, .wait(let scope)):
      #expect(scope.isActive && scope.id == id)
    case (.skip, .skip):
      break
    default:
      Issue.record("expected \(row.outcome), got \(registration)")
    }
    #expect(earlier.map(\.isCancelled) == earlier.map { _ in row.cancelsEarlier })
    #expect(followUp.tasksToCancel == (row.cancelsEarlier ? [task] : []))
    #expect(followUp.turnsToResume.isEmpty && followUp.idleWaiters.isEmpty)
    // Cancelled runs still count until their tasks return; a skipped one never counts.
    #expect(table.runningScopes == earlier.count + (row.outcome == .skip ? 0 : 1))
  }

  /// What ended the scope that new work registers inside.
  enum ParentEnd: CaseIterable, Sendable {
    case cancelled, finished, enclosingScopeCancelled
  }

  /// A kind of scoped work, as `mutate` writes it.
  enum RuleKind: CaseIterable, Sendable {
    case plain, takeUntil, merge, latest, exhaust, queue, throttle
  }

  @Test(arguments: RuleKind.allCases, ParentEnd.allCases)
  func workInsideAnEndedScopeIsSkippedUnderEveryRule(_ kind: RuleKind, _ end: ParentEnd) {
    var table = Table()
    let outer = started(table.register(.stop(nil), parent: nil))
    let parent = started(table.register(.stop(nil), parent: outer))
    switch end {
    case .cancelled: _ = table.cancel(parent)
    case .finished: _ = table.finish(parent)
    case .enclosingScopeCancelled: _ = table.cancel(outer)
    }
    let countBefore = table.runningScopes
    var decided = false
    let rule: Table.Rule =
      switch kind {
      case .plain: .stop(nil)
      case .takeUntil: .stop { _ in true }
      case .merge: .cancellable(id, .merge)
      case .latest: .cancellable(id, .latest)
      case .exhaust: .cancellable(id, .exhaust)
      case .queue: .cancellable(id, .queue)
      case .throttle:
        .throttled(id) { _, scope in
          decided = true
          return (.start(scope), nil)
        }
      }
    let (registration, followUp) = table.register(rule, parent: parent)
    #expect(!decided)  // A throttle's interval is not opened by work that never runs.
    #expect(registration.isSkip)
    #expect(followUp.isEmpty && table.runningScopes == countBefore && table.stops.isEmpty)
  }

  /// What a throttle's window decides for an arriving run.
  enum ThrottleDecision: CaseIterable, Sendable {
    case start, hold, holdReplacingTheHeldRun, drop
  }

  @Test(arguments: ThrottleDecision.allCases)
  func aThrottledRunStartsIsHeldOrIsDroppedAsItsWindowDecides(_ decision: ThrottleDecision) {
    var table = Table()
    let wait = Delay.Wait(sleep: {})
    // A run held before, with its task waiting out the interval.
    let heldTask = Task<Void, Never> {}
    let hold = Table.Rule.throttled(id) { _, scope in (.hold(scope, until: wait), nil) }
    guard case .hold(let held, _) = table.register(hold, parent: nil).0 else {
      Issue.record("expected the first run to be held")
      return
    }
    _ = table.attach(heldTask, to: held)
    let arrival = Table.Rule.throttled(id) { _, scope in
      switch decision {
      case .start: (.start(scope), nil)
      case .hold: (.hold(scope, until: wait), nil)
      case .holdReplacingTheHeldRun: (.hold(scope, until: wait), held)
      case .drop: (.skip, nil)
      }
    }
    let (registration, followUp) = table.register(arrival, parent: nil)
    switch (decision, registration) {
    case (.start, .start(let scope)), (.hold, .hold(let scope, _)),
      (.holdReplacingTheHeldRun, .hold(let scope, _)):
      #expect(scope.isActive && table.runningScopes == 2)
      // Held or running, it is a run of the id: `cancel(id:)` reaches it.
      _ = table.cancel(id: id)
      #expect(scope.isCancelled)
    case (.drop, .skip):
      #expect(table.runningScopes == 1)
    default:
      Issue.record("expected \(decision), got \(registration)")
    }
    let replaces = decision == .holdReplacingTheHeldRun
    // The displaced run waits in a task of its own: cancelled, it never starts.
    #expect(followUp.tasksToCancel == (replaces ? [heldTask] : []))
  }

  /// What has become of a scope when its task is attached to it.
  enum ScopeState: CaseIterable, Sendable {
    case active, cancelled, finished
  }

  @Test(arguments: zip(ScopeState.allCases, [false, true, true]))
  func aTaskAttachedToAScopeIsCancelledOnlyIfTheScopeHasEnded(
    _ state: ScopeState, isCancelled: Bool
  ) {
    var table = Table()
    let scope = started(table.register(.stop(nil), parent: nil))
    switch state {
    case .active: break
    case .cancelled: _ = table.cancel(scope)
    // Its task may have run and returned before the thread that started it attaches it; a
    // returned task ignores the cancel.
    case .finished: _ = table.finish(scope)
    }
    let task = Task<Void, Never> {}
    let followUp = table.attach(task, to: scope)
    #expect(scope.task == task)
    #expect(followUp.tasksToCancel == (isCancelled ? [task] : []))
  }

  @Test func aSecondTaskForAScopeFailsLoudly() async {
    let stopped = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      var table = EffectTable()
      let scope = started(table.register(.stop(nil), parent: nil))
      _ = table.attach(Task {}, to: scope)
      _ = table.attach(Task {}, to: scope)
    }
    #expect(
      standardError(of: stopped).contains(
        "Internal inconsistency: a second task for an effect's scope"))
  }

  // MARK: - `.latest` slots

  /// In which order a `.latest` slot's task is attached and takes its run.
  enum SlotOrder: CaseIterable, Sendable {
    case attachedThenTaken, takenThenAttached, takenCancelledThenAttached
  }

  @Test(arguments: SlotOrder.allCases)
  func aLatestSlotsTaskIsAttachedToTheRunItTakesWhicheverComesFirst(_ order: SlotOrder) {
    var table = Table()
    guard let slot = table.registerLatest(id: id, newSlot: LatestSlot.init)?.slot else {
      Issue.record("expected a new slot")
      return
    }
    let task = Task<Void, Never> {}
    var followUp = FollowUp()
    var run: EffectScope?
    switch order {
    case .attachedThenTaken:
      followUp = table.attach(task, to: slot)
      run = table.take(slot, make: EffectScope.init(parent:id:)).0
    case .takenThenAttached, .takenCancelledThenAttached:
      // The task started before the thread that spawned it attached it.
      run = table.take(slot, make: EffectScope.init(parent:id:)).0
      #expect(run?.task == nil)
      if order == .takenCancelledThenAttached { _ = table.cancel(id: id) }
      followUp = table.attach(task, to: slot)
    }
    #expect(slot.task == task && run?.task == task && slot.taken === run)
    let cancels = order == .takenCancelledThenAttached
    #expect(followUp.tasksToCancel == (cancels ? [task] : []))
  }

  @Test func aLatestSlotTakenTwiceOrGivenTwoTasksFailsLoudly() async {
    let stopped = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      var table = EffectTable()
      let id = EffectID("search")
      guard let slot = table.registerLatest(id: id, newSlot: LatestSlot.init)?.slot else { return }
      _ = table.take(slot, make: EffectScope.init(parent:id:))
      _ = table.take(slot, make: EffectScope.init(parent:id:))
    }
    #expect(
      standardError(of: stopped).contains(
        "Internal inconsistency: a .latest slot's run taken twice"))
    let stoppedAgain = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      var table = EffectTable()
      let id = EffectID("search")
      guard let slot = table.registerLatest(id: id, newSlot: LatestSlot.init)?.slot else { return }
      _ = table.attach(Task {}, to: slot)
      _ = table.attach(Task {}, to: slot)
    }
    #expect(
      standardError(of: stoppedAgain).contains(
        "Internal inconsistency: a second task for a .latest slot"))
  }

  // MARK: - Cancelling and finishing

  @Test func cancellingAnIdWithNothingUnderItChangesNothing() {
    var table = Table()
    let other = started(table.register(.cancellable(EffectID("other"), .merge), parent: nil))
    let followUp = table.cancel(id: id)
    #expect(followUp.isEmpty)
    #expect(other.isActive && table.runningScopes == 1)
  }

  /// A scope as `cancel(_:)` finds it.
  enum CancelTarget: CaseIterable, Sendable {
    case runningWithItsTask, waitingForItsTurn, cancelledAlready, finished
  }

  @Test(arguments: CancelTarget.allCases)
  func cancellingAScopeCancelsItsTaskAndTakesItOutOfItsLineOnce(_ target: CancelTarget) {
    var table = Table()
    let task = Task<Void, Never> {}
    let running = started(table.register(.cancellable(id, .queue), parent: nil))
    _ = table.attach(task, to: running)
    guard case .wait(let waiting) = table.register(.cancellable(id, .queue), parent: nil).0 else {
      Issue.record("the second run should wait")
      return
    }
    let scope = target == .waitingForItsTurn ? waiting : running
    switch target {
    case .cancelledAlready: _ = table.cancel(running)
    case .finished: _ = table.finish(running)
    default: break
    }
    let wasFinished = scope.isFinished
    let followUp = table.cancel(scope)
    // A cancel is idempotent, and a scope that has finished is past cancelling.
    let expectedTasks = target == .runningWithItsTask ? [task] : []
    #expect(followUp.tasksToCancel == expectedTasks)
    #expect(followUp.turnsToResume.isEmpty)  // No task waits on a continuation yet.
    #expect(scope.isCancelled == !wasFinished)
    // The waiting run has its turn once the running one is gone, unless it was the one cancelled.
    if target == .waitingForItsTurn {
      _ = table.finish(running)
      #expect(!waiting.isActive && table.runningScopes == 1)
    } else {
      guard case .granted = waiting.turn else {
        Issue.record("the waiting run should have its turn")
        return
      }
    }
  }

  @Test func scopesFinishInAnyOrderAndANewScopeTakesAFreedSlot() {
    var table = Table()
    let scopes = (0..<3).map { _ in table.plainScope() }
    #expect(scopes.map(\.slot) == [0, 1, 2])
    // When the middle one finishes, a new scope takes its slot and the others keep theirs
    _ = table.finish(scopes[1])
    let newer = table.plainScope()
    #expect(scopes[1].slot == -1 && newer.slot == 1)
    #expect(scopes[0].slot == 0 && scopes[2].slot == 2 && table.runningScopes == 3)
    // Ending cancels exactly the scopes still running, each once
    let ending = table.endAll()
    #expect(ending.tasksToCancel.count == 3)
    #expect([scopes[0], scopes[2], newer].allSatisfy(\.isCancelled) && !scopes[1].isCancelled)
    // Once the last finishes, in any order, the table is idle; the slot freed last is taken next
    for scope in [scopes[0], newer, scopes[2]] { _ = table.finish(scope) }
    #expect(table.isIdle && table.runningScopes == 0)
    #expect(table.plainScope().slot == 2)
  }

  @Test func finishingAScopeTwiceOrOneNeverRegisteredFailsLoudly() async {
    let stopped = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      var table = EffectTable()
      let scope = started(table.register(.stop(nil), parent: nil))
      _ = table.finish(scope)
      _ = table.finish(scope)
    }
    #expect(
      standardError(of: stopped).contains(
        "Internal inconsistency: an effect's scope finished twice"))
    let stoppedAgain = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      var table = EffectTable()
      _ = table.finish(EffectScope(parent: nil))
    }
    #expect(
      standardError(of: stoppedAgain).contains(
        "Internal inconsistency: an effect's scope finished but never registered"))
    // A scope whose group lost track of it: the line behind it would never move on.
    let stoppedThird = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      var table = EffectTable()
      let scope = started(table.register(.cancellable(EffectID("line"), .queue), parent: nil))
      scope.group?.running.removeAll()
      _ = table.finish(scope)
    }
    #expect(
      standardError(of: stoppedThird).contains(
        "Internal inconsistency: an effect's scope missing from its id's group"))
  }

  // MARK: - `.queue` turns

  /// What becomes of a waiting `.queue` run before and after its task asks for its turn.
  enum TurnCase: CaseIterable, Sendable {
    case grantedBeforeAsking, grantedAfterAsking, cancelledAfterAsking, cancelledBeforeAsking
    case droppedBeforeAsking
  }

  @Test(arguments: zip(TurnCase.allCases, [true, true, false, false, false]))
  func aQueueRunsTaskLearnsAtOnceOrOnceDecidedWhetherItRuns(_ turn: TurnCase, runs: Bool) async {
    var table = Table()
    let first = started(table.register(.cancellable(id, .queue), parent: nil))
    guard case .wait(let second) = table.register(.cancellable(id, .queue), parent: nil).0 else {
      Issue.record("the second run should wait")
      return
    }
    var keptForLater = false
    let decision = await withUnsafeContinuation { continuation in
      switch turn {
      case .grantedBeforeAsking: _ = table.finish(first)
      case .cancelledBeforeAsking: _ = table.cancel(second)
      case .droppedBeforeAsking: _ = table.finish(second)  // Its work will never run.
      default: break
      }
      let atOnce = table.awaitTurn(of: second, continuation)
      keptForLater = atOnce == nil
      var followUp = FollowUp()
      switch turn {
      case .grantedAfterAsking: followUp = table.finish(first)
      case .cancelledAfterAsking: followUp = table.cancel(second)
      default: break
      }
      if let atOnce {
        continuation.resume(returning: atOnce)
      } else if followUp.turnsToResume.count == 1 {
        followUp.perform()
      } else {
        Issue.record("the kept continuation should have been handed back to resume")
        continuation.resume(returning: !runs)
      }
    }
    #expect(decision == runs)
    let asksFirst = turn == .grantedAfterAsking || turn == .cancelledAfterAsking
    #expect(keptForLater == asksFirst)
  }

  @Test func aQueueRunWaitingForItsTurnTwiceFailsLoudly() async {
    let stopped = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      var table = EffectTable()
      let id = EffectID("line")
      _ = table.register(.cancellable(id, .queue), parent: nil)
      guard case .wait(let waiting) = table.register(.cancellable(id, .queue), parent: nil).0
      else { return }
      for _ in 0..<2 {
        _ = await withUnsafeContinuation { continuation in
          _ = table.awaitTurn(of: waiting, continuation)
          // Resumed here, it stays in the table, as a lost wake-up would.
          continuation.resume(returning: false)
        }
      }
    }
    #expect(
      standardError(of: stopped).contains(
        "Internal inconsistency: a .queue run waits for its turn twice"))
  }

  @Test func endingCancelsAQueueLineAndNeverGrantsItsNextTurn() async {
    var table = Table()
    let task = Task<Void, Never> {}
    let first = started(table.register(.cancellable(id, .queue), parent: nil))
    _ = table.attach(task, to: first)
    guard case .wait(let second) = table.register(.cancellable(id, .queue), parent: nil).0,
      case .wait(let third) = table.register(.cancellable(id, .queue), parent: nil).0
    else {
      Issue.record("later runs should wait for their turn")
      return
    }
    let mayRun = await withUnsafeContinuation { continuation in
      _ = table.awaitTurn(of: second, continuation)
      let followUp = table.endAll()
      #expect(followUp.tasksToCancel == [task])
      if followUp.turnsToResume.count == 1 {
        followUp.perform()
      } else {
        Issue.record("the waiting task should be told its turn never comes")
        continuation.resume(returning: true)
      }
    }
    #expect(!mayRun)
    #expect(table.hasEnded && first.isCancelled && second.isCancelled && third.isCancelled)
    // The running run's task returns: the line does not move on.
    let afterwards = table.finish(first)
    #expect(afterwards.turnsToResume.isEmpty)
    guard case .granted = third.turn else {
      Issue.record("a cancelled run should not wait for a turn")
      return
    }
    #expect(table.endAll().isEmpty)  // Ending again has nothing left to cancel.
  }

  // MARK: - Waiting until idle

  @Test func idleWaitersWaitForTheLastOfSeveralScopes() async {
    var table = Table()
    let scopes = [table.plainScope(), table.plainScope()]
    await withCheckedContinuation { continuation in
      _ = table.addIdleWaiter(1, continuation)
      let afterFirst = table.finish(scopes[0])
      let afterLast = table.finish(scopes[1])
      #expect(afterFirst.idleWaiters.isEmpty && afterLast.idleWaiters.count == 1)
      if afterLast.idleWaiters.isEmpty { continuation.resume() } else { afterLast.perform() }
    }
    #expect(table.takeIdleWaitersIfIdle().isEmpty)  // Handed over once.
  }

  @Test func aRemovedIdleWaiterIsHandedBackAndNeverResumedByTheTable() async {
    var table = Table()
    let scope = table.plainScope()
    await withCheckedContinuation { continuation in
      _ = table.addIdleWaiter(1, continuation)
      let unknown = table.removeIdleWaiter(2)
      let removed = table.removeIdleWaiter(1)
      let followUp = table.finish(scope)
      #expect(unknown == nil && removed != nil && followUp.idleWaiters.isEmpty)
      if followUp.idleWaiters.isEmpty { continuation.resume() } else { followUp.perform() }
    }
  }

  @Test func twoIdleWaitersWithOneIdFailLoudly() async {
    let stopped = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      var table = EffectTable()
      _ = table.register(.stop(nil), parent: nil)
      for _ in 0..<2 {
        await withCheckedContinuation { continuation in
          _ = table.addIdleWaiter(1, continuation)
          continuation.resume()
        }
      }
    }
    #expect(
      standardError(of: stopped).contains("Internal inconsistency: two idle waiters with one id"))
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
  /// Registers scoped work in a plain scope: the table's decisions do not depend on what the
  /// runtime makes its scopes as.
  mutating func register(_ rule: Rule, parent: EffectScope?) -> (Registration, FollowUp) {
    register(rule, parent: parent, make: EffectScope.init(parent:id:))
  }

  /// Registers a plain top-level run with a task that does nothing, and returns its scope.
  mutating func plainScope() -> EffectScope {
    let scope = EffectScope(parent: nil)
    _ = registerPlain(scope, task: Task {})
    return scope
  }
}

/// What runs or waits under an id before a new run of it registers.
enum RunsBefore: Sendable {
  case nothing, oneRunning, oneRunningOneWaiting
}

/// One row of the registration table: a policy, what its id has in flight, and the outcome.
struct RegistrationRow: Sendable, CustomTestStringConvertible {
  enum Outcome: Sendable { case start, wait, skip }

  let policy: CancellationPolicy
  let before: RunsBefore
  let outcome: Outcome
  /// Whether the runs in flight are cancelled.
  let cancelsEarlier: Bool

  var testDescription: String { "\(policy) after \(before): \(outcome)" }
}

private let registrations: [RegistrationRow] = [
  RegistrationRow(policy: .merge, before: .nothing, outcome: .start, cancelsEarlier: false),
  RegistrationRow(policy: .merge, before: .oneRunning, outcome: .start, cancelsEarlier: false),
  RegistrationRow(policy: .latest, before: .nothing, outcome: .start, cancelsEarlier: false),
  RegistrationRow(policy: .latest, before: .oneRunning, outcome: .start, cancelsEarlier: true),
  RegistrationRow(policy: .exhaust, before: .nothing, outcome: .start, cancelsEarlier: false),
  RegistrationRow(policy: .exhaust, before: .oneRunning, outcome: .skip, cancelsEarlier: false),
  RegistrationRow(policy: .queue, before: .nothing, outcome: .start, cancelsEarlier: false),
  RegistrationRow(policy: .queue, before: .oneRunning, outcome: .wait, cancelsEarlier: false),
  RegistrationRow(
    policy: .queue, before: .oneRunningOneWaiting, outcome: .wait, cancelsEarlier: false),
]

/// What an exit test's child process wrote to standard error: which check stopped it.
func standardError(of result: ExitTest.Result?) -> String {
  String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
}
