import ExampleCommandLine
import Testing

@Suite(.timeLimit(.minutes(1)))
struct StringDisplayWidthTests {
  @Test(arguments: [
    ("", 0), ("abc", 3), ("café", 4), ("cafe\u{301}", 4), ("名前", 4), ("ａｂｃ", 6),
    ("swift 🚀", 8), ("👨‍👩‍👧 family", 9), ("名前: octocat", 13),
  ])
  func sumsTheWidthsOfItsCharacters(text: String, width: Int) {
    #expect(text.displayWidth == width)
  }

  @Test func truncationCountsColumnsNotCharacters() {
    #expect("名前とアドレス".truncated(toDisplayWidth: 6) == "名前と")
    #expect("名前とアドレス".truncated(toDisplayWidth: 7) == "名前と")
    #expect("abc".truncated(toDisplayWidth: 3) == "abc")
    #expect("abcd".truncated(toDisplayWidth: 0) == "")
  }

  @Test func truncationEndsWithTheEllipsisOnlyWhenItCuts() {
    #expect("swift-collections".truncated(toDisplayWidth: 8, ellipsis: "…") == "swift-c…")
    #expect("swift".truncated(toDisplayWidth: 8, ellipsis: "…") == "swift")
    #expect("名前とアドレス".truncated(toDisplayWidth: 6, ellipsis: "…") == "名前…")
    #expect("abc".truncated(toDisplayWidth: 0, ellipsis: "…") == "")
  }

  @Test func truncationKeepsAClusterWhole() {
    #expect("e\u{301}e\u{301}e\u{301}".truncated(toDisplayWidth: 2) == "e\u{301}e\u{301}")
    #expect("a👨‍👩‍👧b".truncated(toDisplayWidth: 2) == "a")
  }

  @Test func wrappingBreaksBetweenWordsAndKeepsEveryWord() {
    let text = "invalid query: Validation Failed: `stars:lots` is not a number or a range."
    let lines = text.wrapped(toDisplayWidth: 20)
    #expect(
      lines == [
        "invalid query:", "Validation Failed:", "`stars:lots` is not", "a number or a range.",
      ])
    #expect(lines.allSatisfy { $0.displayWidth <= 20 })
    #expect(lines.joined(separator: " ") == text)
  }

  @Test func wrappingSplitsOnlyAWordWiderThanALine() {
    #expect("ab abcdefgh c".wrapped(toDisplayWidth: 4) == ["ab", "abcd", "efgh", "c"])
    #expect("名前とアドレス".wrapped(toDisplayWidth: 5) == ["名前", "とア", "ドレ", "ス"])
    #expect("  spaced   out  ".wrapped(toDisplayWidth: 40) == ["spaced out"])
    #expect("".wrapped(toDisplayWidth: 5) == [""])
    #expect("abc".wrapped(toDisplayWidth: 0) == [])
  }

  @Test func linesAfterTheFirstAreIndentedWithinTheWidth() {
    #expect(
      "signup: unknown option --colour".wrapped(toDisplayWidth: 24, continuationIndent: 2)
        == ["signup: unknown option", "  --colour"])
    let lines = "名前 abcdefghij".wrapped(toDisplayWidth: 6, continuationIndent: 2)
    #expect(lines == ["名前", "  abcd", "  efgh", "  ij"])
    #expect(lines.allSatisfy { $0.displayWidth <= 6 })
    // An indent as wide as the line still leaves a column for the text.
    #expect("ab cd".wrapped(toDisplayWidth: 2, continuationIndent: 4) == ["ab", "    c", "    d"])
  }

  @Test func paddingFillsToTheColumnWidth() {
    #expect("名前".padded(toDisplayWidth: 6) == "名前  ")
    #expect("abc".padded(toDisplayWidth: 2) == "abc")
  }
}
