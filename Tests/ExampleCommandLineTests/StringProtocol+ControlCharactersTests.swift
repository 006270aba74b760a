import ExampleCommandLine
import Testing

@Suite(.timeLimit(.minutes(1)))
struct StringProtocolControlCharactersTests {
  @Test(arguments: [
    ("plain text", "plain text"),
    ("名前 🐙 é e\u{301} 👨‍👩‍👧", "名前 🐙 é e\u{301} 👨‍👩‍👧"),
    ("evil\u{1B}[2Jname", #"evil\u{1B}[2Jname"#),
    ("tab\there\nnew", #"tab\u{9}here\u{A}new"#),
    ("c1\u{9B}31m", #"c1\u{9B}31m"#),
    ("bidi\u{202E}gpj.exe", #"bidi\u{202E}gpj.exe"#),
  ])
  func controlCharactersAreShownAsEscapes(text: String, shown: String) {
    #expect(text.escapingControlCharacters == shown)
    #expect(text.containsControlCharacters == (text != shown))
  }
}
