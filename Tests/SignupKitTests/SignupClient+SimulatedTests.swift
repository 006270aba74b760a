import ReactorsTesting
import SignupKit
import Testing

@Suite(.timeLimit(.minutes(2))) struct SignupClientSimulatedTests {
  @Test func aSignUpTakesTheLatencyOnTheClock() async throws {
    let clock = TestClock()
    let client = SignupClient.simulated(
      latency: .seconds(2), failureRate: 0, seed: 1, clock: clock)
    let signUp = Task { try await client.signUp("octocat-2", "hunter2x") }
    await clock.waitForSleepers()
    await clock.advance(by: .seconds(1))
    #expect(clock.sleeperCount == 1)
    await clock.advance(by: .seconds(1))
    try await signUp.value
  }

  @Test func aFailureRateOfOneAlwaysFails() async {
    let client = SignupClient.simulated(
      latency: .zero, failureRate: 1, seed: 1, clock: ImmediateClock())
    for _ in 0..<5 {
      await #expect(throws: SimulatedSignupError()) { try await client.signUp("a", "b") }
    }
  }

  @Test func aFailureRateOfZeroNeverFails() async throws {
    let client = SignupClient.simulated(
      latency: .zero, failureRate: 0, seed: 1, clock: ImmediateClock())
    for _ in 0..<5 {
      try await client.signUp("a", "b")
    }
  }

  @Test func theSameSeedGivesTheSameOutcomes() async {
    func outcomes(seed: UInt64) async -> [Bool] {
      let client = SignupClient.simulated(
        latency: .zero, failureRate: 0.5, seed: seed, clock: ImmediateClock())
      var results: [Bool] = []
      for _ in 0..<32 {
        do {
          try await client.signUp("a", "b")
          results.append(true)
        } catch {
          results.append(false)
        }
      }
      return results
    }
    let first = await outcomes(seed: 7)
    #expect(await outcomes(seed: 7) == first)
    #expect(first.contains(true) && first.contains(false))
  }

  @Test func theErrorSaysItIsSimulated() {
    #expect(SimulatedSignupError().description.contains("simulated"))
  }
}
