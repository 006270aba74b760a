import ExampleCommandLine
import ExtremeValues
import SignupKit
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ScriptCommandTests {
  func command(_ text: String) throws -> ScriptCommand? {
    try ScriptLine(number: 7, text: text).map(ScriptCommand.init)
  }

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
  func eachCommandParsesFromItsLine(line: String, command expected: ScriptCommand) throws {
    #expect(try command(line) == expected)
  }

  @Test(arguments: [
    ("pasword hunter2x", "line 7: unknown command \"pasword\" (expected username, password, "),
    ("Username octocat", "line 7: unknown command \"Username\""),
    ("signup now", "line 7: signup takes no argument"),
    ("wait 5", "line 7: wait takes no argument"),
    ("sleep", "line 7: sleep needs a whole number of milliseconds from 0 to 60000"),
    ("sleep -5", "line 7: sleep needs a whole number of milliseconds"),
    ("sleep 1.5", "line 7: sleep needs a whole number of milliseconds"),
    ("sleep 99999999999999999999", "line 7: sleep needs a whole number of milliseconds"),
  ])
  func aMalformedLineThrowsItsNumberAndWhatIsWrong(line: String, start: String) {
    #expect {
      try command(line)
    } throws: { error in
      (error as? ScriptError)?.description.hasPrefix(start) == true
    }
  }

  @Test func anErrorNeverRepeatsTheRestOfTheLine() {
    #expect {
      try command("pasword hunter2x")
    } throws: { error in
      !String(describing: error).contains("hunter2x")
    }
  }

  /// Property: `sleep` with any number, and any bytes after a keyword, are a command with its
  /// argument in range or a ``ScriptError``.
  @Test func anyExtremeLineIsACommandInRangeOrAnError() {
    var values = ExtremeValues()
    for _ in 0..<2000 {
      let keyword = ["sleep", "username", "signup", "wait"].randomElement(using: &values)!
      let argument =
        Bool.random(using: &values)
        ? values.number() : String(decoding: values.bytes(), as: UTF8.self)
      do {
        if case .sleep(let milliseconds) = try command("\(keyword) \(argument)") {
          #expect((0...60_000).contains(milliseconds))
        }
      } catch {
        #expect(error is ScriptError)
      }
    }
  }
}
