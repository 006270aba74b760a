import Testing

@testable import Reactors

@Suite(.timeLimit(.minutes(1))) struct LatestLaneLooksTests {
  typealias Looks = LatestLane<Int, Int>.Looks

  @Test func aNewWorkerYieldsBeforeItsFirstLook() {
    let looks = Looks()
    #expect(looks.pause == .zero)
    #expect(!looks.retires)
  }

  @Test func aWorkerThatFindsANewerRunSleepsBeforeLookingAgainInsteadOfYielding() {
    var looks = Looks()
    looks.record(.newer)
    #expect(looks.pause == Looks.burstPause)
    looks.record(.newer)
    #expect(looks.pause == Looks.burstPause)
    looks.record(.started)
    #expect(looks.pause == .zero)
  }

  @Test func aWorkerRetiresOnlyAtItsSecondEmptyLookInARow() {
    var looks = Looks()
    looks.record(.empty)
    #expect(looks.retires)
    #expect(looks.pause == .zero)
    looks.record(.newer)
    #expect(!looks.retires)
    looks.record(.empty)
    #expect(looks.retires)
    looks.record(.retired)
    #expect(looks.pause == nil)
  }
}
