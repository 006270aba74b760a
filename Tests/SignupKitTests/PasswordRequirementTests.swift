import SignupKit
import Testing

@Suite(.timeLimit(.minutes(2))) struct PasswordRequirementTests {
  @Test func lengthCountsCharactersAsAPersonDoes() {
    #expect(PasswordRequirement.minimumLength(4).isMet(by: "abcd"))
    #expect(!PasswordRequirement.minimumLength(4).isMet(by: "abc"))
    #expect(PasswordRequirement.minimumLength(4).isMet(by: "🐙🐙🐙🐙"))
    #expect(!PasswordRequirement.minimumLength(4).isMet(by: "e\u{301}e\u{301}e\u{301}"))
  }

  @Test func aDigitIsAnAsciiDigit() {
    #expect(PasswordRequirement.digit.isMet(by: "abc7"))
    #expect(!PasswordRequirement.digit.isMet(by: "abc"))
    #expect(!PasswordRequirement.digit.isMet(by: "abc７"))  // fullwidth seven
  }

  @Test func lettersOfAnyScriptCount() {
    #expect(PasswordRequirement.lowercaseLetter.isMet(by: "ABCé"))
    #expect(!PasswordRequirement.lowercaseLetter.isMet(by: "ABC123"))
    #expect(PasswordRequirement.uppercaseLetter.isMet(by: "abcÉ"))
    #expect(!PasswordRequirement.uppercaseLetter.isMet(by: "abc123"))
  }

  @Test func descriptionsReadAsChecklistLines() {
    #expect(PasswordRequirement.minimumLength(15).description == "at least 15 characters")
    #expect(PasswordRequirement.minimumLength(1).description == "at least 1 character")
    #expect(PasswordRequirement.digit.description == "a number")
    #expect(PasswordRequirement.lowercaseLetter.description == "a lowercase letter")
    #expect(PasswordRequirement.uppercaseLetter.description == "an uppercase letter")
  }
}
