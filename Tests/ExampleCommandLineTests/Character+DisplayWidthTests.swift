import ExampleCommandLine
import Testing

@Suite(.timeLimit(.minutes(1)))
struct CharacterDisplayWidthTests {
  @Test(
    arguments: [
      ("a", 1), ("Z", 1), (" ", 1), ("~", 1),
      ("é", 1),  // composed, U+00E9
      ("e\u{301}", 1),  // decomposed: e + combining acute
      ("名", 2), ("前", 2), ("한", 2), ("カ", 2), ("ｶ", 1),  // halfwidth katakana
      ("ａ", 2), ("Ａ", 2), ("！", 2),  // fullwidth forms
      ("😀", 2), ("🚀", 2), ("👍🏽", 2),
      ("👨‍👩‍👧", 2),  // ZWJ family
      ("🏳️‍🌈", 2),  // ZWJ with a presentation selector
      ("🇯🇵", 2),  // a flag: two regional indicators
      ("❤️", 2), ("❤", 1),  // with and without the emoji presentation selector
      ("1️⃣", 2),  // keycap
      ("⌚", 2), ("⌚︎", 1),  // emoji presentation, then text presentation
      ("✓", 1), ("★", 1), ("…", 1), ("•", 1), ("⠋", 1),
      ("\u{301}", 0),  // a combining mark on its own
      ("\u{200B}", 0), ("\u{200D}", 0),  // zero-width space and joiner
      ("\u{1B}", 0), ("\t", 0),  // control characters
    ] as [(Character, Int)])
  func hasTheWidthATerminalGivesIt(character: Character, width: Int) {
    #expect(
      character.displayWidth == width,
      "\(character.unicodeScalars.map { String($0.value, radix: 16) })")
  }
}
