import ExampleCommandLine
import ExtremeValues
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ScriptLineTests {
  @Test(arguments: [
    ("username  two spaces", "username", " two spaces"),
    ("\t  sleep 250", "sleep", "250"),
    ("query\tc++ #1", "query", "c++ #1"),
    ("wait\r", "wait", ""),
    ("password pass\tword ", "password", "pass\tword "),
  ])
  func theKeywordEndsAtTheFirstSeparatorAndTheRestIsKeptAsWritten(
    text: String, keyword: String, argument: String
  ) throws {
    let line = try #require(try ScriptLine(number: 4, text: text))
    #expect(line.number == 4)
    #expect(line.keyword == keyword)
    #expect(line.argument == argument)
  }

  @Test(arguments: ["", "   ", "\t", "# a comment", "   # indented comment", "\r"])
  func blankLinesAndCommentsAreNotCommands(text: String) throws {
    #expect(try ScriptLine(number: 1, text: text) == nil)
  }

  @Test(arguments: [
    ("username a\u{1B}[2Jb", "U+001B"), ("query \u{0}", "U+0000"), ("wait\u{7F}", "U+007F"),
    ("query \u{9B}", "U+009B"), ("username \u{202E}olleh", "U+202E"), ("a\rb", "U+000D"),
  ])
  func aControlCharacterIsRefusedWithItsCodeAndNotTheLine(text: String, code: String) {
    #expect(
      throws: ScriptError(
        line: 9, "control character \(code) is not allowed; a script is plain text")
    ) {
      try ScriptLine(number: 9, text: text)
    }
  }

  @Test(arguments: [
    ("sleep 0", 0), ("sleep  60000 ", 60000), ("sleep 250", 250),
  ])
  func sleepTakesWholeMillisecondsUpToAMinute(text: String, milliseconds: Int) throws {
    #expect(try ScriptLine(number: 1, text: text)?.milliseconds() == milliseconds)
  }

  @Test(arguments: [
    "sleep", "sleep -5", "sleep 1.5", "sleep 60001", "sleep 2 50", "sleep 9999999999999999999999",
  ])
  func anAbsurdSleepIsRefusedWithTheRange(text: String) throws {
    let line = try #require(try ScriptLine(number: 2, text: text))
    #expect(
      throws: ScriptError(
        line: 2, "sleep needs a whole number of milliseconds from 0 to 60000, like 'sleep 250'")
    ) {
      try line.milliseconds()
    }
  }

  @Test func aCommandWithoutArgumentsRefusesOne() throws {
    #expect(throws: Never.self) { try ScriptLine(number: 1, text: "wait  ")?.expectNoArgument() }
    #expect(throws: ScriptError(line: 1, "wait takes no argument")) {
      try ScriptLine(number: 1, text: "wait 5")?.expectNoArgument()
    }
  }

  @Test func anUnknownCommandListsTheKnownOnesAndCutsALongKeyword() throws {
    let line = try #require(try ScriptLine(number: 5, text: String(repeating: "x", count: 30)))
    #expect(
      line.unknownCommand(expected: ["a", "b", "c"])
        == ScriptError(line: 5, #"unknown command "xxxxxxxxxxxxxxxxxxxx…" (expected a, b or c)"#))
  }

  /// Property: `sleep` with any number is a duration in range or a ``ScriptError``.
  @Test func sleepWithAnyExtremeNumberIsInRangeOrAnError() throws {
    var values = ExtremeValues()
    for _ in 0..<2000 {
      let line = try #require(try ScriptLine(number: 1, text: "sleep \(values.number())"))
      do {
        #expect((0...ScriptLine.maximumSleepMilliseconds).contains(try line.milliseconds()))
      } catch {
        #expect(error.line == 1)
      }
    }
  }
}
