import Testing

@testable import ExampleCommandLine

@Suite(.timeLimit(.minutes(1)))
struct ProgramTests {
  @Test func aShortMessageIsOneLine() {
    #expect(
      Program.wrapped("github-search: the QUERY is empty") == [
        "github-search: the QUERY is empty"
      ])
  }

  @Test func aLongMessageBreaksBetweenWordsWithinEightyColumns() {
    let text =
      "github-search: --json prints JSON lines, which the interactive mode does not; "
      + "give --script FILE, or --script - to type commands"
    #expect(
      Program.wrapped(text) == [
        "github-search: --json prints JSON lines, which the interactive mode does not;",
        "  give --script FILE, or --script - to type commands",
      ])
  }

  @Test func aWordLongerThanALineIsCutAcrossLinesAndNothingIsLost() {
    let argument = String(repeating: "x", count: 150)
    let lines = Program.wrapped("signup: unknown option \"--\(argument)\"", width: 40)
    #expect(lines.allSatisfy { $0.count <= 40 }, "\(lines)")
    #expect(lines[0] == "signup: unknown option")
    #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  ") })
    #expect(lines.joined().filter { $0 == "x" }.count == 150)
  }

  @Test func wideCharactersAreCountedInColumnsNotCharacters() {
    let lines = Program.wrapped("signup: unknown option --名前名前名前名前名前名前", width: 24)
    #expect(lines.allSatisfy { $0.displayWidth <= 24 }, "\(lines)")
    #expect(lines == ["signup: unknown option", "  --名前名前名前名前名前", "  名前"])
  }

  @Test func aTinyWidthStillEndsAndAnEmptyTextIsOneEmptyLine() {
    let lines = Program.wrapped("p: bad value here", width: 0)
    #expect(lines.allSatisfy { $0.count <= 8 }, "\(lines)")
    #expect(lines.joined(separator: " ").split(separator: " ") == ["p:", "bad", "value", "here"])
    #expect(Program.wrapped("") == [""])
  }
}
