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
    looks.record(.started)
    #expect(looks.pause == .zero)
  }

  @Test func eachNewerRunInARowDoublesTheSleepUpToTheLongestBurstPause() {
    var looks = Looks()
    var pauses: [Duration] = []
    for _ in 0..<7 {
      looks.record(.newer)
      pauses.append(looks.pause ?? .zero)
    }
    #expect(
      pauses == [100, 200, 400, 800, 1_600, 1_600, 1_600].map { Duration.microseconds($0) })
    #expect(Looks.longestBurstPause == .microseconds(1_600))
    // A look that finds the run unchanged starts it; the next burst starts from the short sleep.
    looks.record(.started)
    looks.record(.newer)
    #expect(looks.pause == Looks.burstPause)
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
