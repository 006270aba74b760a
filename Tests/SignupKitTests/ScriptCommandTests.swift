import SignupKit
import Testing

@Suite struct ScriptCommandTests {
  @Test(arguments: [
    ("username octocat", ScriptCommand.username("octocat")),
    ("username", .username("")),
    ("username ", .username("")),
    ("username  two spaces", .username(" two spaces")),
    ("password correct horse # battery", .password("correct horse # battery")),
    ("repeat hunter2x", .repeatedPassword("hunter2x")),
    ("repeat", .repeatedPassword("")),
    ("signup", .signUp),
    ("signup  ", .signUp),
    ("wait", .wait),
    ("sleep 250", .sleep(milliseconds: 250)),
    ("sleep 0", .sleep(milliseconds: 0)),
    ("  username indented", .username("indented")),
    ("username octocat\r", .username("octocat")),
  ])
  func commandsParse(line: String, command: ScriptCommand) throws {
    #expect(try ScriptCommand.parse(line) == command)
  }

  @Test(arguments: ["", "   ", "\t", "# a comment", "   # indented comment", "\r"])
  func blankLinesAndCommentsAreSkipped(line: String) throws {
    #expect(try ScriptCommand.parse(line) == nil)
  }

  @Test(arguments: [
    ("pasword hunter2x", "unknown command \"pasword\""),
    ("Username octocat", "unknown command \"Username\""),
    ("signup now", "signup takes no argument"),
    ("wait 5", "wait takes no argument"),
    ("sleep", "sleep needs a whole number of milliseconds"),
    ("sleep -5", "sleep needs a whole number of milliseconds"),
    ("sleep 1.5", "sleep needs a whole number of milliseconds"),
  ])
  func malformedLinesThrowAMessage(line: String, start: String) {
    #expect {
      try ScriptCommand.parse(line)
    } throws: { error in
      (error as? ScriptParseError)?.description.hasPrefix(start) == true
    }
  }

  @Test func anErrorNeverRepeatsTheRestOfTheLine() {
    #expect {
      try ScriptCommand.parse("pasword hunter2x")
    } throws: { error in
      !String(describing: error).contains("hunter2x")
    }
  }
}
