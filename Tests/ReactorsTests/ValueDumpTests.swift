import Foundation
import Testing

@_spi(Testing) @testable import Reactors

@Suite(.timeLimit(.minutes(1))) struct ValueDumpTests {
  @Test func aStructPutsEachFieldOnALineOfItsOwn() {
    let profile = Profile(name: "Ada", tags: ["math", "code"], manager: nil, status: .active)

    #expect(
      ValueDump.lines(of: profile) == """
        Profile(
          name: "Ada",
          tags: [
            "math",
            "code"
          ],
          manager: nil,
          status: .active
        )
        """)
  }

  @Test func enumPayloadsReadLikeTheCaseThatMadeThem() {
    #expect(
      ValueDump.line(of: Status.away(until: 3, note: "lunch")) == #".away(until: 3, note: "lunch")"#
    )
    #expect(ValueDump.line(of: Event.rename("Ada")) == #".rename("Ada")"#)
    #expect(ValueDump.lines(of: Event.tag(["a"])) == ".tag([\n  \"a\"\n])")
    #expect(ValueDump.line(of: Event.reset) == ".reset")
  }

  @Test func optionalsShowTheirValueOrNil() {
    let some: Int? = 3
    let none: Int? = nil

    #expect(ValueDump.line(of: some as Any) == "3")
    #expect(ValueDump.line(of: none as Any) == "nil")
  }

  @Test func dictionariesAndSetsAreSortedSoEveryRunPrintsTheSame() {
    let dictionary = ["b": 2, "a": 1, "c": 3]
    let set: Set = ["pear", "apple", "fig"]

    #expect(ValueDump.line(of: dictionary) == #"["a": 1, "b": 2, "c": 3]"#)
    #expect(ValueDump.line(of: set) == #"Set(["apple", "fig", "pear"])"#)
    #expect(ValueDump.line(of: [String: Int]()) == "[:]")
  }

  @Test func foundationValuesShowWhatTheyMean() {
    #expect(
      ValueDump.line(of: URL(string: "https://example.com/a?b=1")!)
        == #"URL("https://example.com/a?b=1")"#)
    #expect(ValueDump.line(of: Data([1, 2, 3])) == "Data(3 bytes)")
    #expect(ValueDump.line(of: Duration.milliseconds(300)) == "Duration(0.3 seconds)")
  }

  @Test func aCycleOfClassesIsCut() {
    let node = Node(name: "a")
    node.next = node

    #expect(ValueDump.line(of: node) == #"Node(name: "a", next: Node(<cycle>))"#)
    node.next = nil  // Frees the node.
  }

  @Test func aRedactionReplacesSecretFieldsCasesAndKeys() {
    let login = Login(user: "octocat", password: "hunter2", attempt: .token("ghp_x"))
    let headers = ["Authorization": "Bearer ghp_y", "Accept": "json"]

    #expect(
      ValueDump.lines(of: login, redaction: .default) == """
        Login(
          user: "octocat",
          password: <redacted>,
          attempt: .token(<redacted>)
        )
        """)
    #expect(
      ValueDump.lines(of: headers, redaction: .default) == """
        [
          "Accept": "json",
          "Authorization": <redacted>
        ]
        """)
    #expect(ValueDump.lines(of: login).contains("hunter2"))  // Without one, nothing is hidden.
  }

  @Test func stringsAreQuotedAsASwiftLiteralWouldBeWritten() {
    #expect(ValueDump.line(of: "Doesn't match") == #""Doesn't match""#)
    #expect(ValueDump.line(of: Character("'")) == #""'""#)
    #expect(ValueDump.line(of: Event.rename("O'Brien")) == #".rename("O'Brien")"#)
    #expect(ValueDump.line(of: ["it's": 1]) == #"["it's": 1]"#)
    #expect(ValueDump.line(of: URL(string: "https://example.com/it's")!).contains("/it's"))
    #expect(ValueDump.line(of: "é ñ 日本 👩‍👩‍👧") == #""é ñ 日本 👩‍👩‍👧""#)
  }

  @Test func quotesBackslashesControlCharactersAndLineBreaksStayEscaped() {
    #expect(ValueDump.line(of: #"say "hi" \ bye"#) == #""say \"hi\" \\ bye""#)
    #expect(ValueDump.line(of: "a\nb\r\tc\0") == #""a\nb\r\tc\0""#)
    #expect(ValueDump.line(of: "\u{1B}[2J\u{7F}") == #""\u{1B}[2J\u{7F}""#)
    // C1 controls (a terminal's CSI) and Unicode's line breaks would break a dump's lines too.
    #expect(
      ValueDump.line(of: "a\u{85}b\u{9B}c\u{2028}d\u{2029}")
        == #""a\u{0085}b\u{009B}c\u{2028}d\u{2029}""#)
    // A mark first would join the opening quote; later, it is part of its letter.
    #expect(ValueDump.line(of: "\u{301}e\u{301}") == "\"\\u{0301}e\u{301}\"")
    #expect(
      ValueDump.lines(of: Profile(name: "a\nb", tags: [], manager: nil, status: .active))
        .split(separator: "\n").count == 6)
  }

  @Test func aLongLineIsCut() {
    let line = ValueDump.line(of: String(repeating: "x", count: 300), limit: 10)

    #expect(line == "\"xxxxxxxxx…")
  }
}

// MARK: - Fixtures

private struct Login {
  enum Attempt { case token(String) }
  var user: String
  var password: String
  var attempt: Attempt
}

private struct Profile {
  var name: String
  var tags: [String]
  var manager: String?
  var status: Status
}

private enum Status {
  case active
  case away(until: Int, note: String)
}

private enum Event {
  case rename(String)
  case tag([String])
  case reset
}

private final class Node {
  let name: String
  var next: Node?

  init(name: String) {
    self.name = name
  }
}
