import SignupKit
import Testing

@Suite(.timeLimit(.minutes(2))) struct RepeatedPasswordRuleTests {
  @Test func anEmptyRepeatHasNoVerdict() {
    #expect(RepeatedPasswordRule.validate("", against: "hunter2x") == .empty)
  }

  @Test func anEqualRepeatMatches() {
    #expect(
      RepeatedPasswordRule.validate("hunter2x", against: "hunter2x") == .ok("Passwords match"))
  }

  @Test func aDifferentRepeatFailsWithoutSayingEitherPassword() {
    let verdict = RepeatedPasswordRule.validate("hunter2y", against: "hunter2x")
    #expect(verdict == .failed("Doesn't match the password"))
    #expect(verdict.message?.contains("hunter") == false)
  }

  @Test func aRepeatTypedBeforeThePasswordFails() {
    #expect(!RepeatedPasswordRule.validate("hunter2x", against: "").isValid)
  }
}
