import GitHubSearchKit
import Testing

@Suite struct ScriptCommandTests {
  @Test func parsesEveryCommandAndSkipsBlankLinesAndComments() throws {
    let script = """
      # search, then another
      query swift language:swift

        next
      retry
      wait\r
      sleep 250
      query
        # indented comment
      query  c++  #1
      """
    #expect(
      try ScriptCommand.parse(script: script)
        == [
          .query("swift language:swift"), .next, .retry, .wait, .sleep(milliseconds: 250),
          .query(""), .query("c++  #1"),
        ])
  }

  @Test(arguments: [
    ("jump", "line 3: unknown command \"jump\" (expected query, next, retry, wait or sleep)"),
    ("next page", "line 3: `next` takes no argument"),
    ("sleep", "line 3: `sleep` needs a number of milliseconds, got \"\""),
    ("sleep -5", "line 3: `sleep` needs a number of milliseconds, got \"-5\""),
    ("sleep 1.5", "line 3: `sleep` needs a number of milliseconds, got \"1.5\""),
    ("QUERY x", "line 3: unknown command \"QUERY\" (expected query, next, retry, wait or sleep)"),
  ])
  func namesTheLineOfTheFirstMistake(line: String, message: String) {
    #expect(throws: ScriptCommand.ParseError.self) {
      try ScriptCommand.parse(script: "query a\n\n\(line)\nbogus")
    }
    do {
      _ = try ScriptCommand.parse(script: "query a\n\n\(line)\nbogus")
    } catch {
      #expect(error.description == message)
    }
  }
}
