import ExampleCommandLine
import Testing

@Suite(.timeLimit(.minutes(1)))
struct UsageErrorTests {
  @Test func anErrorDescribesItselfByItsMessage() {
    #expect(UsageError("the QUERY is empty").description == "the QUERY is empty")
  }
}
