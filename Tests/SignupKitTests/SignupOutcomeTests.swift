import SignupKit
import Testing

@Suite(.timeLimit(.minutes(2))) struct SignupOutcomeTests {
  @Test func theResultNamesTheCase() {
    #expect(SignupOutcome.succeeded("Welcome").result == "succeeded")
    #expect(SignupOutcome.failed("No").result == "failed")
  }

  @Test func theMessageIsThePayload() {
    #expect(SignupOutcome.succeeded("Welcome").message == "Welcome")
    #expect(SignupOutcome.failed("No").message == "No")
  }
}
