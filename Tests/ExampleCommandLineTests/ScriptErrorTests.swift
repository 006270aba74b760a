import ExampleCommandLine
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ScriptErrorTests {
  @Test func anErrorNamesItsLineWhenItHasOne() {
    #expect(
      ScriptError(line: 12, "wait takes no argument").description
        == "line 12: wait takes no argument")
    #expect(
      ScriptError(line: nil, "the script is too long").description == "the script is too long")
  }
}
