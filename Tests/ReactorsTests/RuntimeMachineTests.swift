import Testing

@testable import Reactors

/// The step machine as a value: each event, and what it leaves the caller to do.
@Suite(.timeLimit(.minutes(1))) struct RuntimeMachineTests {
  typealias Machine = RuntimeMachine<Int, Int, Int>

  @Test func theFirstWorkTakesTheStepAndLaterWorkIsQueuedForItsOwner() {
    var machine = Machine()
    let owners = [1, 2, 3].map { machine.beginStep(orQueue: .send($0)) }
    #expect(owners == [true, false, false])
    // The owner gets the queue in order, then the step ends.
    let performed = [machine.nextWork(), machine.nextWork(), machine.nextWork()].map(sentAction)
    #expect(performed == [2, 3, nil])
    #expect(!machine.isStepping)
    let ownsAgain = machine.beginStep(orQueue: .send(4))
    #expect(ownsAgain)
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
    let committed = machine.commit(1, from: scope) != nil
    #expect(committed && machine.state == 1)
    scope.isCancelled = true
    let afterCancel = machine.commit(2, from: scope)
    #expect(afterCancel == nil && machine.state == 1)
    // A scope inside a cancelled one is revoked too.
    let fromInner = machine.commit(3, from: EffectScope(parent: scope))
    #expect(fromInner == nil && machine.state == 1)
  }

  @Test func workFromOutsideAStepIsQueuedBehindItOnlyWhileOneRuns() {
    var machine = Machine()
    let scope = EffectScope(parent: nil)
    let queuedIdle = machine.queueBehindStep(.effectEnded(scope))
    _ = machine.beginStep(orQueue: .send(1))
    let queuedStepping = machine.queueBehindStep(.effectEnded(scope))
    #expect(!queuedIdle && queuedStepping)
    #expect(machine.queue.count == 1)
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
    _ = machine.beginStep(orQueue: .send(1))
    let owner = EffectScope(parent: nil)
    let token = ObjectIdentifier(owner)
    _ = machine.beginStep(orQueue: .listen(.observer(token: token, receive: { _ in })))
    let removed = machine.removeListener(token)?.token
    #expect(removed == token)
    guard case (.barrier, _)? = machine.nextWork() else {
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
    #expect(scope.isCancelled)
    #expect(ending.consumers.count == 1)
    #expect(machine.listeners.all.isEmpty)
    #expect(machine.effects.hasEnded)
    #expect(!machine.isPlain)
  }
}

private func sentAction(
  _ next: (StepWork<Int, Int, Int>, RuntimeExtras<Int, Int, Int>?)?
) -> Int? {
  if case (.send(let action), _)? = next { action } else { nil }
}
