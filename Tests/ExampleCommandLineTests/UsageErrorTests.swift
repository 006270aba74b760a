import ExampleCommandLine
import Testing

@Suite(.timeLimit(.minutes(1)))
struct UsageErrorTests {
  @Test func anErrorDescribesItselfByItsMessage() {
    #expect(UsageError("the QUERY is empty").description == "the QUERY is empty")
  }

  @Test func aShortErrorIsOneLineAfterTheProgramsName() {
    #expect(
      UsageError("the QUERY is empty").lines(program: "github-search") == [
        "github-search: the QUERY is empty"
      ])
  }

  @Test func aLongErrorBreaksBetweenWordsWithinEightyColumns() {
    let error = UsageError(
      "--json prints JSON lines, which the interactive mode does not; "
        + "give --script FILE, or --script - to type commands")
    #expect(
      error.lines(program: "github-search") == [
        "github-search: --json prints JSON lines, which the interactive mode does not;",
        "  give --script FILE, or --script - to type commands",
      ])
  }

  @Test func aWordLongerThanALineIsCutAcrossLinesAndNothingIsLost() {
    let argument = String(repeating: "x", count: 150)
    let lines = UsageError("unknown option \"--\(argument)\"").lines(program: "signup", width: 40)
    #expect(lines.allSatisfy { $0.count <= 40 }, "\(lines)")
    #expect(lines[0] == "signup: unknown option")
    #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  ") })
    #expect(lines.joined().filter { $0 == "x" }.count == 150)
  }

  @Test func controlCharactersAreEscapedAndTinyWidthsStillEnd() {
    let lines = UsageError("bad \u{1B}[2J value").lines(program: "p", width: 0)
    #expect(lines.allSatisfy { $0.count <= 8 }, "\(lines)")
    #expect(lines.joined().contains("\u{1B}") == false)
    #expect(UsageError("").lines(program: "p") == ["p:"])
  }
}
