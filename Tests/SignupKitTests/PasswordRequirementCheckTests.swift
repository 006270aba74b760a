import SignupKit
import Testing

@Suite(.timeLimit(.minutes(2))) struct PasswordRequirementCheckTests {
  @Test func aCheckReadsAsItsRequirement() {
    let check = PasswordRequirementCheck(requirement: .digit, isMet: true)
    #expect(check.description == "a number")
    #expect(check.isMet)
  }
}
