import SignupKit
import Testing

@Suite(.timeLimit(.minutes(2))) struct PasswordPolicyTests {
  @Test(arguments: [
    ("", false),
    ("hunter2", false),  // 7 characters
    ("hunter2x", true),  // 8, a digit, lowercase
    ("HUNTER2X", false),  // no lowercase letter
    ("hunterxy", false),  // no digit
    ("correcthorsebat", true),  // 15 characters, nothing else needed
    ("CORRECTHORSEBAT", true),
    ("correcthorseba", false),  // 14
  ])
  func githubsPolicyAcceptsFifteenCharactersOrEightWithADigitAndALowercaseLetter(
    password: String, accepted: Bool
  ) {
    #expect(PasswordPolicy.github.isSatisfied(by: password) == accepted)
  }

  @Test func theChecklistHasEachRequirementOnceInOrder() {
    let checklist = PasswordPolicy.github.checklist(for: "hunter")
    #expect(
      checklist.map(\.description) == [
        "at least 15 characters", "at least 8 characters", "a number", "a lowercase letter",
      ])
    #expect(checklist.map(\.isMet) == [false, false, false, true])
  }

  @Test func repeatedRequirementsAppearOnceInTheChecklist() {
    let policy = PasswordPolicy(anyOf: [
      [.minimumLength(8), .digit], [.minimumLength(8), .uppercaseLetter],
    ])
    #expect(policy.requirements == [.minimumLength(8), .digit, .uppercaseLetter])
  }

  @Test func theSeedsPoliciesCanBeExpressed() {
    #expect(PasswordPolicy.minimumLength(4).isSatisfied(by: "abcd"))
    #expect(!PasswordPolicy.minimumLength(5).isSatisfied(by: "abcd"))
    let combine = PasswordPolicy(allOf: [.minimumLength(8), .uppercaseLetter])
    #expect(combine.isSatisfied(by: "Abcdefgh"))
    #expect(!combine.isSatisfied(by: "abcdefgh"))
  }

  @Test func theVerdictNamesThePolicyAndNeverThePassword() {
    let policy = PasswordPolicy.github
    #expect(policy.validate("") == .empty)
    #expect(policy.validate("hunter2x") == .ok("Password meets the requirements"))
    let verdict = policy.validate("hunter")
    #expect(
      verdict
        == .failed(
          "Use at least 15 characters, or at least 8 characters, a number and a lowercase letter"))
    #expect(verdict.message?.contains("hunter") == false)
  }

  @Test func summariesJoinRequirementsNaturally() {
    #expect(PasswordPolicy.minimumLength(5).summary == "at least 5 characters")
    #expect(
      PasswordPolicy(allOf: [.minimumLength(8), .uppercaseLetter]).summary
        == "at least 8 characters and an uppercase letter")
  }
}
