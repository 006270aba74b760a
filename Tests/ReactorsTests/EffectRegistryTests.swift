import Testing

@testable import Reactors

@Suite(.timeLimit(.minutes(2))) struct EffectRegistryTests {
  private let id = EffectID("search")

  @Test func latestCancelsTheRunInFlightWhenANewOneRegisters() throws {
    var registry = EffectRegistry<Int>()
    let first = try #require(
      started(registry.registerCancellable(id: id, policy: .latest, parent: nil)))
    let second = try #require(
      started(registry.registerCancellable(id: id, policy: .latest, parent: nil)))
    #expect(first.isCancelled)
    #expect(!second.isCancelled)
    #expect(second.isActive)
    // Every run ends, as the runtime ends them (a scope and its group refer to each other until
    // then, and LeakSanitizer reports the pair otherwise).
    registry.finish(first)
    registry.finish(second)
  }

  @Test func aLatestRunWaitingInItsLaneHandsItsScopeToTheNextRunInsteadOfBeingCancelled() throws {
    var registry = EffectRegistry<Int>()
    let first = try #require(
      started(registry.registerCancellable(id: id, policy: .latest, parent: nil)))
    let lane = LatestLane<Int, Int>()
    try #require(registry.groups[id]).lane = lane
    let run = MutationNode<Int>.run(EffectOperation(rawPriority: nil, body: { _ in }, handler: nil))
    _ = lane.wait(run, in: first, action: 1)
    let second = try #require(
      started(registry.registerCancellable(id: id, policy: .latest, parent: nil)))
    #expect(second === first)
    #expect(second.isActive)
    #expect(registry.runningCount == 1)
    #expect(!registry.hasWork)
    // Once out of the lane (its worker started it), the run is cancelled as before.
    let third = try #require(
      started(registry.registerCancellable(id: id, policy: .latest, parent: nil)))
    #expect(third !== first)
    #expect(first.isCancelled)
    registry.finish(first)
    registry.finish(third)
  }

  @Test func exhaustSkipsNewRunsUntilTheOneInFlightFinishes() throws {
    var registry = EffectRegistry<Int>()
    let first = try #require(
      started(registry.registerCancellable(id: id, policy: .exhaust, parent: nil)))
    #expect(isSkipped(registry.registerCancellable(id: id, policy: .exhaust, parent: nil)))
    registry.finish(first)
    let next = try #require(
      started(registry.registerCancellable(id: id, policy: .exhaust, parent: nil)))
    registry.finish(next)
  }

  @Test func queueMakesNewRunsWaitAndGrantsThemInOrder() throws {
    var registry = EffectRegistry<Int>()
    let first = try #require(
      started(registry.registerCancellable(id: id, policy: .queue, parent: nil)))
    let second = try #require(
      waiting(registry.registerCancellable(id: id, policy: .queue, parent: nil)))
    let third = try #require(
      waiting(registry.registerCancellable(id: id, policy: .queue, parent: nil)))
    registry.finish(first)
    #expect(isGranted(second))
    #expect(!isGranted(third))
    registry.finish(second)
    #expect(isGranted(third))
    registry.finish(third)
  }

  @Test func cancellingAnIDCancelsWaitingRunsWithoutGrantingThemATurn() throws {
    var registry = EffectRegistry<Int>()
    let first = try #require(
      started(registry.registerCancellable(id: id, policy: .queue, parent: nil)))
    let second = try #require(
      waiting(registry.registerCancellable(id: id, policy: .queue, parent: nil)))
    registry.cancel(id: id)
    #expect(first.isCancelled)
    #expect(second.isCancelled)
    #expect(registry.takeWork().turnsToResume.isEmpty)  // Nobody was handed a turn.
  }

  @Test func endingCancelsAWaitingRunWithoutGrantingItTheTurnOfTheRunBeforeIt() async throws {
    var registry = EffectRegistry<Int>()
    let first = try #require(
      started(registry.registerCancellable(id: id, policy: .queue, parent: nil)))
    let second = try #require(
      waiting(registry.registerCancellable(id: id, policy: .queue, parent: nil)))
    // The second run's task waits for its turn; the reactor ends meanwhile.
    let granted = await withUnsafeContinuation { continuation in
      #expect(registry.awaitTurn(of: second, continuation: continuation) == nil)
      registry.endAll()
      let work = registry.takeWork()
      #expect(work.turnsToResume.count == 1)
      work.perform()
    }
    #expect(!granted)  // Its work never starts.
    #expect(first.isCancelled)
    #expect(second.isCancelled)
  }

  @Test func aCancelledOrFinishedStopConditionIsForgotten() {
    var registry = EffectRegistry<Int>()
    let even = registry.registerStop(parent: nil) { $0 % 2 == 0 }
    let negative = registry.registerStop(parent: nil) { $0 < 0 }
    #expect(registry.stopConditions.count == 2)
    registry.cancel(even)
    #expect(
      registry.stopConditions.map { ObjectIdentifier($0.scope) } == [ObjectIdentifier(negative)])
    registry.finish(negative)
    #expect(!registry.hasStopConditions)
  }

  @Test func aChildOfACancelledScopeIsInactive() {
    var registry = EffectRegistry<Int>()
    let parent = registry.registerPlain(parent: nil)
    let child = registry.registerPlain(parent: parent)
    registry.cancel(parent)
    #expect(!child.isCancelled)
    #expect(!child.isActive)
  }

  @Test func aCancelledScopeStaysRunningUntilItsTaskFinishes() {
    var registry = EffectRegistry<Int>()
    let scope = registry.registerPlain(parent: nil)
    registry.cancel(scope)
    #expect(!registry.isEmpty)
    registry.finish(scope)
    #expect(registry.isEmpty)
  }

  @Test func cancellingRecordsTheTaskToCancelOnceTheLockIsReleased() {
    var registry = EffectRegistry<Int>()
    let scope = registry.registerPlain(parent: nil)
    registry.attach(Task {}, to: scope)
    #expect(!registry.hasWork)
    registry.cancel(scope)
    #expect(registry.hasWork)
    #expect(registry.takeWork().tasksToCancel.count == 1)
    #expect(!registry.hasWork)
  }

  @Test func cancelAllCancelsEverything() {
    var registry = EffectRegistry<Int>()
    let scopes = (0..<3).map { _ in registry.registerPlain(parent: nil) }
    registry.cancelAll()
    #expect(scopes.allSatisfy { $0.isCancelled })
    #expect(registry.isEmpty)
  }

  @Test func scopesThatFinishInAnyOrderLeaveTheOthersRunning() {
    // Given four running scopes
    var registry = EffectRegistry<Int>()
    let scopes = (0..<4).map { _ in registry.registerPlain(parent: nil) }
    // When the first, then the last, then the first again finish
    registry.finish(scopes[0])
    registry.finish(scopes[3])
    registry.finish(scopes[0])
    // Then the two in between are still running, and only they are cancelled with the reactor
    #expect(registry.runningCount == 2)
    #expect(registry.running.ids == [scopes[1], scopes[2]].ids)
    registry.cancelAll()
    #expect(scopes.map(\.isCancelled) == [false, true, true, false])
    #expect(registry.isEmpty)
  }

  private func started(_ registration: EffectRegistry<Int>.Registration) -> EffectScope? {
    if case .start(let scope) = registration { scope } else { nil }
  }

  private func waiting(_ registration: EffectRegistry<Int>.Registration) -> EffectScope? {
    if case .wait(let scope) = registration { scope } else { nil }
  }

  private func isSkipped(_ registration: EffectRegistry<Int>.Registration) -> Bool {
    if case .skip = registration { true } else { false }
  }

  private func isGranted(_ scope: EffectScope) -> Bool {
    if case .granted = scope.turn { true } else { false }
  }
}

extension [EffectScope] {
  fileprivate var ids: Set<ObjectIdentifier> { Set(map(ObjectIdentifier.init)) }
}
