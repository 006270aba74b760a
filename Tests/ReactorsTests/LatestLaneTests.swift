import Testing

@testable import Reactors

@Suite(.timeLimit(.minutes(1))) struct LatestLaneTests {
  typealias Lane = LatestLane<Int, Int>

  private let run = MutationNode<Int>.run(
    EffectOperation(rawPriority: nil, body: { _ in }, handler: nil))

  @Test func aNewRunReplacesTheWaitingOneAndReturnsItsScopeToEnd() {
    let lane = Lane()
    let first = makeScope()
    let second = makeScope()
    #expect(lane.wait(run, in: first, action: 1) == nil)
    let replaced = lane.wait(run, in: second, action: 2)
    #expect(replaced?.scope === first)
    #expect(replaced?.work.action == 1)
    let taken = lane.takeWaiting()
    #expect(taken?.scope === second)
    #expect(taken?.work.action == 2)
    #expect(lane.takeWaiting() == nil)
  }

  @Test func aWaitingRunHandsItsScopeOverOnceAndLeavesNothingToStart() {
    let lane = Lane()
    let scope = makeScope()
    _ = lane.wait(run, in: scope, action: 1)
    #expect(lane.takeWaitingScope(parent: nil) === scope)
    #expect(lane.takeWaitingScope(parent: nil) == nil)
    // Its work stays behind until the next run replaces it, but is never started.
    #expect(lane.takeWaiting() == nil)
  }

  @Test func aWaitingRunUnderAnotherParentOrAlreadyCancelledIsNotHandedOver() {
    let lane = Lane()
    let parent = makeScope()
    let scope = makeScope(parent: parent)
    _ = lane.wait(run, in: scope, action: 1)
    #expect(lane.takeWaitingScope(parent: nil) == nil)
    scope.isCancelled = true
    #expect(lane.takeWaitingScope(parent: parent) == nil)
    #expect(lane.takeWaiting()?.scope === scope)
  }

  @Test func workHoldingARegisteredScopeIsNotHandedOver() {
    let lane = Lane()
    let scope = makeScope()
    let inner = makeScope(parent: scope)
    _ = lane.wait(.active(inner, run), in: scope, action: 1)
    #expect(lane.takeWaitingScope(parent: nil) == nil)
    #expect(lane.takeWaiting()?.scope === scope)
  }

  private func makeScope(parent: EffectScope? = nil) -> EffectScope {
    EffectScope(parent: parent, policy: .latest)
  }
}
