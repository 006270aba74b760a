import Testing

@testable import Reactors

@Suite(.timeLimit(.minutes(1))) struct RuntimeExtrasTests {
  @Test func theQueueHandsOutEachPieceOnceAndKeepsNoCopyOfIt() throws {
    // Given a queue holding a barrier that captures an object, then an action
    let extras = RuntimeExtras<Int, Int, Int>()
    var token: Token? = Token()
    weak let captured = token
    extras.pending.append(.barrier { [token] in _ = token })
    extras.pending.append(.send(1))
    token = nil
    // When the owner takes the barrier out and is done with it
    var barrier = extras.nextPendingWork()
    #expect(captured != nil)
    barrier = nil
    // Then the queue no longer holds the object; the action comes next, then nothing, and the
    // queue forgets what was performed
    #expect(captured == nil)
    let next = try #require(extras.nextPendingWork())
    guard case .send(1) = next else {
      Issue.record("Expected the action, got \(next)")
      return
    }
    #expect(extras.nextPendingWork() == nil)
    #expect(extras.pending.isEmpty)
    _ = barrier
  }
}

private final class Token: Sendable {}
