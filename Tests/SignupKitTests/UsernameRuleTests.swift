import SignupKit
import Testing

@Suite(.timeLimit(.minutes(2))) struct UsernameRuleTests {
  @Test(arguments: [
    "octocat", "OctoCat", "octo-cat", "a", "0", "a-b-c-d", "mona2024", "x1-y2",
    String(repeating: "a", count: 39), "a" + String(repeating: "-b", count: 19),
  ])
  func asciiLettersDigitsAndSingleHyphensPass(username: String) {
    #expect(UsernameRule.firstBroken(by: username) == nil)
  }

  @Test func theEmptyNameBreaksNoRule() {
    #expect(UsernameRule.firstBroken(by: "") == nil)
  }

  @Test(arguments: [
    ("café", "\"é\""),
    ("cafe\u{301}", "\"é\""),  // e + combining acute accent
    ("名前", "\"名\""),
    ("ａｂｃ", "\"ａ\""),  // fullwidth letters
    ("１２３", "\"１\""),  // fullwidth digits
    ("octo🐙cat", "\"🐙\""),
    ("octo cat", "\" \""),
    ("octo_cat", "\"_\""),
    ("octo.cat", "\".\""),
    ("octo\tcat", "\"\\t\""),
    ("Ωmega", "\"Ω\""),
    ("straße", "\"ß\""),
  ])
  func anythingButAsciiLettersDigitsAndHyphensIsRefused(username: String, culprit: String) {
    #expect(UsernameRule.firstBroken(by: username) == .asciiLettersDigitsAndHyphens)
    #expect(
      UsernameRule.asciiLettersDigitsAndHyphens.message(for: username)
        == "Use only ASCII letters, digits and hyphens: \(culprit) is not allowed")
  }

  @Test(arguments: [
    ("-octocat", UsernameRule.noLeadingHyphen, "Don't begin with a hyphen"),
    ("-", .noLeadingHyphen, "Don't begin with a hyphen"),
    ("octocat-", .noTrailingHyphen, "Don't end with a hyphen"),
    ("octo--cat", .singleHyphens, "Use single hyphens only: \"--\" is not allowed"),
    ("a---b", .singleHyphens, "Use single hyphens only: \"--\" is not allowed"),
  ])
  func hyphenRulesAreNamedInTheMessage(username: String, rule: UsernameRule, message: String) {
    #expect(UsernameRule.firstBroken(by: username) == rule)
    #expect(rule.message(for: username) == message)
  }

  @Test func fortyCharactersAreOneTooMany() {
    let forty = String(repeating: "a", count: 40)
    #expect(UsernameRule.firstBroken(by: String(forty.dropLast())) == nil)
    #expect(UsernameRule.firstBroken(by: forty) == .lengthLimit)
    #expect(
      UsernameRule.lengthLimit.message(for: forty)
        == "Use at most 39 characters (this one has 40)")
  }

  @Test func theFirstBrokenRuleInOrderIsReported() {
    // Both a disallowed character and a leading hyphen: characters come first.
    #expect(UsernameRule.firstBroken(by: "-café") == .asciiLettersDigitsAndHyphens)
    // Both a leading and a trailing hyphen: the leading one comes first.
    #expect(UsernameRule.firstBroken(by: "-octo-") == .noLeadingHyphen)
    // Too long and a double hyphen: hyphens come first.
    #expect(
      UsernameRule.firstBroken(by: "a--" + String(repeating: "b", count: 40)) == .singleHyphens)
  }
}
