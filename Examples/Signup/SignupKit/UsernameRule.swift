/// One of GitHub's rules for usernames, checked on the device before any request is made.
///
/// A GitHub username uses ASCII letters, digits and single hyphens, does not begin or end with a
/// hyphen, and has at most 39 characters. "ASCII" matters: `CharacterSet.alphanumerics` would
/// admit `café`, `名前` and fullwidth `ａｂｃ`, which GitHub refuses.
///
/// ```swift
/// UsernameRule.firstBroken(by: "octo--cat")  // .singleHyphens
/// UsernameRule.singleHyphens.message(for: "octo--cat")
/// // "Use single hyphens only: \"--\" is not allowed"
/// UsernameRule.firstBroken(by: "octo-cat")   // nil: ask the server whether it is taken
/// ```
public enum UsernameRule: Sendable, Hashable, CaseIterable {
  /// Only `a`–`z`, `A`–`Z`, `0`–`9` and `-`.
  case asciiLettersDigitsAndHyphens
  /// The first character is not a hyphen.
  case noLeadingHyphen
  /// The last character is not a hyphen.
  case noTrailingHyphen
  /// No two hyphens in a row.
  case singleHyphens
  /// At most ``maximumLength`` characters.
  case lengthLimit

  /// The longest username GitHub accepts, in characters.
  public static let maximumLength = 39

  /// The first rule, in declaration order, that `username` breaks; `nil` when it keeps them all.
  ///
  /// The empty username breaks no rule: the form shows no verdict for an empty field.
  public static func firstBroken(by username: String) -> UsernameRule? {
    allCases.first { !$0.isSatisfied(by: username) }
  }

  /// Whether `username` keeps this rule.
  public func isSatisfied(by username: String) -> Bool {
    switch self {
    case .asciiLettersDigitsAndHyphens: Self.firstDisallowedCharacter(in: username) == nil
    case .noLeadingHyphen: !username.hasPrefix("-")
    case .noTrailingHyphen: !username.hasSuffix("-")
    case .singleHyphens: !username.contains("--")
    case .lengthLimit: username.count <= Self.maximumLength
    }
  }

  /// What to tell a user whose `username` breaks this rule; it names the rule.
  public func message(for username: String) -> String {
    switch self {
    case .asciiLettersDigitsAndHyphens:
      let culprit = Self.firstDisallowedCharacter(in: username).map { String(reflecting: $0) }
      return "Use only ASCII letters, digits and hyphens: \(culprit ?? "this") is not allowed"
    case .noLeadingHyphen:
      return "Don't begin with a hyphen"
    case .noTrailingHyphen:
      return "Don't end with a hyphen"
    case .singleHyphens:
      return "Use single hyphens only: \"--\" is not allowed"
    case .lengthLimit:
      return "Use at most \(Self.maximumLength) characters (this one has \(username.count))"
    }
  }

  /// The first character holding anything but an ASCII letter, digit or hyphen. Scalars are
  /// tested, not characters, so a combining accent on an ASCII letter is caught too.
  private static func firstDisallowedCharacter(in username: String) -> Character? {
    username.first { character in
      character.unicodeScalars.contains { scalar in
        !(("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
          || ("0"..."9").contains(scalar) || scalar == "-")
      }
    }
  }
}
