import SignupKit
import Testing

@Suite(.timeLimit(.minutes(2))) struct ValidationResultTests {
  @Test func onlyOkIsValid() {
    #expect(ValidationResult.ok("fine").isValid)
    #expect(!ValidationResult.failed("no").isValid)
    #expect(!ValidationResult.validating.isValid)
    #expect(!ValidationResult.empty.isValid)
  }

  @Test func messagesAndStatusesFollowTheCase() {
    #expect(ValidationResult.ok("fine").message == "fine")
    #expect(ValidationResult.failed("no").message == "no")
    #expect(ValidationResult.validating.message == nil)
    #expect(ValidationResult.empty.message == nil)
    #expect(
      [ValidationResult.empty, .validating, .ok("a"), .failed("b")].map(\.status) == [
        "empty", "validating", "ok", "failed",
      ])
  }
}
