import ExampleCommandLine
import ExtremeValues
import GitHubSearchKit
import Testing

@Suite(.timeLimit(.minutes(1)))
struct ScriptCommandTests {
  func command(_ text: String) throws -> ScriptCommand? {
    try ScriptLine(number: 3, text: text).map(ScriptCommand.init)
  }

  @Test(arguments: [
    ("query swift language:swift", ScriptCommand.query("swift language:swift")),
    ("  next", .next),
    ("retry", .retry),
    ("wait\r", .wait),
    ("sleep 250", .sleep(milliseconds: 250)),
    ("open 1", .open(1)),
    ("open  12 ", .open(12)),
    ("close", .close),
    ("query", .query("")),
    ("query  c++  #1 ", .query("c++  #1")),
    ("query " + String(repeating: "a", count: 256), .query(String(repeating: "a", count: 256))),
  ])
  func eachCommandParsesFromItsLine(line: String, command expected: ScriptCommand) throws {
    #expect(try command(line) == expected)
  }

  @Test(arguments: [
    (
      "jump",
      "line 3: unknown command \"jump\" (expected query, next, retry, open, close, wait or sleep)"
    ),
    ("open", "line 3: open needs the number of a repository in the list, from 1, like 'open 1'"),
    ("open 0", "line 3: open needs the number of a repository in the list, from 1, like 'open 1'"),
    ("open x", "line 3: open needs the number of a repository in the list, from 1, like 'open 1'"),
    (
      "open 1 2", "line 3: open needs the number of a repository in the list, from 1, like 'open 1'"
    ),
    ("close 1", "line 3: close takes no argument"),
    ("next page", "line 3: next takes no argument"),
    (
      "sleep",
      "line 3: sleep needs a whole number of milliseconds from 0 to 60000, like 'sleep 250'"
    ),
    (
      "sleep -5",
      "line 3: sleep needs a whole number of milliseconds from 0 to 60000, like 'sleep 250'"
    ),
    (
      "sleep 60001",
      "line 3: sleep needs a whole number of milliseconds from 0 to 60000, like 'sleep 250'"
    ),
    (
      "QUERY x",
      "line 3: unknown command \"QUERY\" (expected query, next, retry, open, close, wait or sleep)"
    ),
    (
      "query " + String(repeating: "é", count: 257),
      "line 3: the query has 257 characters; GitHub takes at most 256"
    ),
  ])
  func aMalformedLineNamesItsNumberAndWhatIsWrong(line: String, message: String) {
    #expect(throws: ScriptError(line: 3, String(message.dropFirst("line 3: ".count)))) {
      try command(line)
    }
  }

  /// Property: `open` and `sleep` with any number, and any bytes after a keyword, are a command
  /// with its argument in range or a ``ScriptError``.
  @Test func anyExtremeLineIsACommandInRangeOrAnError() {
    var values = ExtremeValues()
    for _ in 0..<2000 {
      let keyword = ["open", "sleep", "query", "next"].randomElement(using: &values)!
      let argument =
        Bool.random(using: &values)
        ? values.number() : String(decoding: values.bytes(), as: UTF8.self)
      do {
        switch try command("\(keyword) \(argument)") {
        case .open(let number): #expect(number >= 1)
        case .sleep(let milliseconds): #expect((0...60_000).contains(milliseconds))
        case .query(let query): #expect(query.count <= ScriptCommand.maximumQueryLength)
        default: break
        }
      } catch {
        #expect(error is ScriptError)
      }
    }
  }
}
