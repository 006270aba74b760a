import Testing

@_spi(Testing) @testable import Reactors

/// The step machine as a value: each event, and what it leaves the caller to do.
@Suite(.timeLimit(.minutes(1))) struct RuntimeMachineTests {
  typealias Machine = RuntimeMachine<Int, Int, Int>

  @Test func theOwnerTakesTheWholeQueueInOrderInOneHandover() {
    var machine = Machine()
    for action in 1...3 { _ = machine.enqueue(.send(action, from: nil)) }
    var batch: [StepWork<Int, Int, Int>] = []
    batch.reserveCapacity(8)
    let spare = batch.capacity
    let removed = machine.handOver(&batch, removing: true)
    #expect(batch.map(sentAction) == [1, 2, 3])
    #expect(machine.extras?.intake.withLock(\.work.isEmpty) == true && removed.all.isEmpty)
    // The emptied batch's buffer became the intake's, for the next arrivals.
    #expect(machine.extras?.intake.withLock(\.work.capacity) == spare)
    var next: [StepWork<Int, Int, Int>] = []
    _ = machine.handOver(&next, removing: true)
    #expect(next.isEmpty)
  }

  @Test func aReactorIsOnThePlainPathOnlyOnceStartedAndWithoutHooks() {
    var machine = Machine()
    #expect(!machine.isPlain)  // Not started: the step starts it first.
    machine.state = 0
    #expect(machine.isPlain)
    machine.makeExtras().stub = { _ in }
    machine.updatePath()
    #expect(!machine.isPlain)
    machine.extras?.stub = nil
    machine.updatePath()
    #expect(machine.isPlain)
  }

  @Test func aCommitFromACancelledScopeIsDropped() {
    var machine = Machine()
    machine.state = 0
    let scope = EffectScope(parent: nil)
    let first = machine.commit(1, from: scope)
    // The replaced state is handed back, for the caller to release once the lock is.
    #expect(first.committed && first.replaced == 0 && machine.state == 1)
    scope.isCancelled = true
    let afterCancel = machine.commit(2, from: scope)
    #expect(!afterCancel.committed && afterCancel.replaced == nil && machine.state == 1)
    // A scope inside a cancelled one is revoked too.
    let fromInner = machine.commit(3, from: EffectScope(parent: scope))
    #expect(!fromInner.committed && machine.state == 1)
  }

  @Test func aRemovalWhileAnotherThreadOwnsTheStepWaitsForTheOwner() {
    var machine = Machine()
    machine.state = 0
    let owners = [EffectScope(parent: nil), EffectScope(parent: nil)]
    let tokens = owners.map(ObjectIdentifier.init)
    for token in tokens { _ = machine.add(.observer(token: token, receive: { _ in })) }
    // The remover finds the step owned: the listener stays until the owner applies the removal.
    #expect(machine.removeListenerLater(tokens[0]) == nil)
    #expect(machine.listeners.all.map(\.token) == tokens)
    let removed = machine.applyRemovals()
    #expect(removed.all.map(\.token) == [tokens[0]])
    #expect(machine.listeners.all.map(\.token) == [tokens[1]])
    #expect(machine.applyRemovals().all.isEmpty)  // Applied once.
    withExtendedLifetime(owners) {}
  }

  @Test func anEndWhileAnotherThreadOwnsTheStepLetsEveryListenerGoAtTheHandover() {
    var machine = Machine()
    machine.state = 0
    let buffer = StateBuffer<Int>(latestOnly: false)
    _ = machine.add(.consumer(buffer))
    _ = machine.enqueue(.send(1, from: nil))
    machine.makeExtras().removesAllListeners = true
    var batch: [StepWork<Int, Int, Int>] = []
    let removed = machine.handOver(&batch, removing: true)
    #expect(batch.count == 1)
    #expect(removed.all.map(\.token) == [ObjectIdentifier(buffer)])
    #expect(machine.listeners.all.isEmpty)
  }

  @Test func aNewListenerGetsTheStateFirstAndIsRemovedByItsToken() {
    var machine = Machine()
    // The objects stay alive so that their identities stay distinct.
    let owners = [EffectScope(parent: nil), EffectScope(parent: nil)]
    let token = ObjectIdentifier(owners[0])
    let beforeStart = machine.add(.observer(token: token, receive: { _ in }))
    #expect(beforeStart == nil)  // Not started: nothing to replay.
    machine.state = 7
    let other = ObjectIdentifier(owners[1])
    let replayed = machine.add(.observer(token: other, receive: { _ in }))
    #expect(replayed == 7)
    #expect(machine.listeners.all.count == 2)
    let removed = machine.removeListener(token)?.token
    #expect(removed == token)
    #expect(machine.listeners.all.map(\.token) == [other])
    let removedAgain = machine.removeListener(token)
    #expect(removedAgain == nil)
    withExtendedLifetime(owners) {}
  }

  @Test func aListenerRemovedBeforeItsQueuedRegistrationRanNeverRegisters() {
    var machine = Machine()
    machine.state = 0
    let owner = EffectScope(parent: nil)
    let token = ObjectIdentifier(owner)
    _ = machine.enqueue(.listen(.observer(token: token, receive: { _ in })))
    let removed = machine.removeListenerLater(token)?.token
    #expect(removed == token)
    var batch: [StepWork<Int, Int, Int>] = []
    _ = machine.handOver(&batch, removing: true)
    guard case .barrier? = batch.first else {
      Issue.record("the queued registration should have become a no-op")
      return
    }
    #expect(machine.listeners.all.isEmpty)
    withExtendedLifetime(owner) {}
  }

  @Test func endingCancelsEveryEffectDropsListenersAndTakesTheGeneralPath() {
    var machine = Machine()
    machine.state = 0
    let buffer = StateBuffer<Int>(latestOnly: false)
    _ = machine.add(.consumer(buffer))
    let scope = machine.makeExtras().effects.plainScope()
    let ending = machine.end()
    machine.updatePath()
    #expect(scope.isCancelled)
    // The listeners are the step owner's to let go.
    #expect(ending.listeners.all.isEmpty && machine.listeners.all.count == 1)
    #expect(machine.takeListeners().all.count == 1 && machine.listeners.all.isEmpty)
    #expect(machine.effects.hasEnded)
    #expect(!machine.isPlain)
  }

  // MARK: - The step

  @Test func theStepsExtrasAreNoneOnThePlainPathAndTheReactorsOwnOnTheGeneralOne() {
    var machine = Machine()
    machine.state = 0
    let plain = machine.stepExtras()
    #expect(plain == nil && machine.extras == nil)
    let extras = machine.makeExtras()
    #expect(machine.makeExtras() === extras)  // Allocated once, on first use.
    extras.stub = { _ in }
    machine.updatePath()
    #expect(machine.stepExtras() === extras)
  }

  /// What sends a started reactor's steps down the general path.
  enum GeneralPathReason: CaseIterable, Sendable {
    case stub, tracker, stopCondition, ended
  }

  @Test(arguments: GeneralPathReason.allCases)
  func aStepTakesTheGeneralPathExactlyWhileAReasonForItHolds(reason: GeneralPathReason) {
    var machine = Machine()
    machine.state = 0
    let extras = machine.makeExtras()
    machine.updatePath()
    #expect(machine.isPlain)  // Extras alone change nothing.
    var stop: EffectScope?
    switch reason {
    case .stub: extras.stub = { _ in }
    case .tracker: extras.tracker = EffectTracker()
    case .stopCondition:
      if case .start(let scope) = extras.effects.register(.stop { _ in true }, parent: nil).0 {
        stop = scope
      }
    case .ended: _ = machine.end()
    }
    machine.updatePath()
    #expect(!machine.isPlain)
    switch reason {
    case .stub: extras.stub = nil
    case .tracker: extras.tracker = nil
    case .stopCondition: _ = stop.map { extras.effects.finish($0) }
    case .ended: break
    }
    machine.updatePath()
    // An ended reactor stays on the general path, which drops its actions.
    #expect(machine.isPlain == (reason != .ended))
  }

  /// Where a committed state's mutation came from.
  enum Origin: CaseIterable, Sendable {
    case step, runningEffect, finishedEffect, cancelledEffect, effectInsideACancelledOne
  }

  @Test(arguments: zip(Origin.allCases, [true, true, true, false, false]))
  func aCommittedStateLandsUnlessItsEffectWasCancelled(origin: Origin, lands: Bool) {
    var machine = Machine()
    machine.state = 0
    let owner = EffectScope(parent: nil)
    _ = machine.add(.observer(token: ObjectIdentifier(owner), receive: { _ in }))
    let scope: EffectScope?
    switch origin {
    case .step: scope = nil
    case .runningEffect: scope = EffectScope(parent: nil)
    case .finishedEffect:
      // A mutation it sent before it returned, performed after: `transform(mutation:)` may
      // hand one back later.
      scope = EffectScope(parent: nil)
      scope?.isFinished = true
    case .cancelledEffect:
      scope = EffectScope(parent: nil)
      scope?.isCancelled = true
    case .effectInsideACancelledOne:
      let parent = EffectScope(parent: nil)
      parent.isCancelled = true
      scope = EffectScope(parent: parent)
    }
    let commit = machine.commit(1, from: scope)
    #expect(commit.committed == lands)
    #expect(machine.state == (lands ? 1 : 0))
    withExtendedLifetime(owner) {}
  }

  // MARK: - Listeners

  @Test func consumersThatHaveGoneAreForgottenAndTheOthersKeepTheirOrder() {
    var machine = Machine()
    let gone = StateBuffer<Int>(latestOnly: false)
    let live = StateBuffer<Int>(latestOnly: false)
    let owner = EffectScope(parent: nil)
    _ = machine.add(.consumer(gone))
    _ = machine.add(.observer(token: ObjectIdentifier(owner), receive: { _ in }))
    _ = machine.add(.consumer(live))
    gone.finish()
    let dropped = machine.dropFinishedConsumers()
    #expect(dropped.all.map(\.token) == [ObjectIdentifier(gone)])
    let tokens = machine.listeners.all.map(\.token)
    #expect(tokens == [ObjectIdentifier(owner), ObjectIdentifier(live)])
    #expect(machine.firstListener?.token == ObjectIdentifier(owner))
    withExtendedLifetime(owner) {}
  }

  @Test func removingTheFirstOfTwoListenersLeavesTheOtherFirstAndNoOthers() {
    var machine = Machine()
    let owners = [EffectScope(parent: nil), EffectScope(parent: nil)]
    let tokens = owners.map(ObjectIdentifier.init)
    for token in tokens { _ = machine.add(.observer(token: token, receive: { _ in })) }
    #expect(machine.hasOtherListeners)
    _ = machine.removeListener(tokens[0])
    #expect(machine.firstListener?.token == tokens[1])
    // Without others, a step reads no extras to tell its listeners.
    #expect(!machine.hasOtherListeners)
    withExtendedLifetime(owners) {}
  }

  // MARK: - Lifecycle

  @Test func endingWithAnEffectRunningLeavesTheIdleWaitersUntilItsTaskReturns() async {
    var machine = Machine()
    machine.state = 0
    let task = Task<Void, Never> {}
    let scope = EffectScope(parent: nil)
    _ = machine.makeExtras().effects.registerPlain(scope, task: task)
    await withCheckedContinuation { continuation in
      let waits = machine.makeExtras().effects.addIdleWaiter(1, continuation)
      let ending = machine.end()
      #expect(waits && ending.followUp.idleWaiters.isEmpty)
      #expect(ending.followUp.tasksToCancel == [task] && scope.isCancelled)
      // Cancelled, the effect still counts until its task returns.
      #expect(machine.effects.runningScopes == 1)
      let followUp = machine.makeExtras().effects.finish(scope)
      #expect(followUp.idleWaiters.count == 1)
      if followUp.idleWaiters.isEmpty { continuation.resume() } else { followUp.perform() }
    }
  }

  @Test func endingTwiceHandsNothingMoreOver() {
    var machine = Machine()
    machine.state = 0
    _ = machine.add(.consumer(StateBuffer<Int>(latestOnly: false)))
    _ = machine.makeExtras().effects.plainScope()
    machine.makeExtras().children = ChildRegistry()
    let first = machine.end()
    #expect(first.followUp.tasksToCancel.count == 1)
    #expect(first.children != nil && machine.extras?.children == nil)
    let second = machine.end()
    machine.updatePath()
    #expect(second.followUp.isEmpty && second.children == nil)
    #expect(machine.effects.hasEnded && !machine.isPlain)
  }
}

private func sentAction(_ work: StepWork<Int, Int, Int>) -> Int? {
  if case .send(let action, _) = work { action } else { nil }
}
