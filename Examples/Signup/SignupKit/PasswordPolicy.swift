/// Which passwords the form accepts: one or more alternatives, each a list of requirements.
///
/// A password is accepted when it meets every requirement of at least one alternative. The
/// default is GitHub's: at least 15 characters, or at least 8 with a number and a lowercase
/// letter.
///
/// ```swift
/// let policy = PasswordPolicy.github
/// policy.isSatisfied(by: "correct horse battery")  // true: 21 characters
/// policy.isSatisfied(by: "hunter2x")              // true: 8 with a digit and lowercase
/// policy.checklist(for: "hunter")
/// // at least 15 characters ✗, at least 8 characters ✗, a number ✗, a lowercase letter ✓
///
/// PasswordPolicy(allOf: [.minimumLength(8), .uppercaseLetter])  // the Combine seed's policy
/// PasswordPolicy.minimumLength(5)                               // the RxFeedback seed's
/// ```
public struct PasswordPolicy: Sendable, Hashable {
  /// The alternatives; a password meeting all the requirements of any one of them is accepted.
  public var alternatives: [[PasswordRequirement]]

  /// A policy met by meeting every requirement of any one of `alternatives`.
  public init(anyOf alternatives: [[PasswordRequirement]]) {
    precondition(!alternatives.isEmpty, "A password policy needs at least one alternative")
    self.alternatives = alternatives
  }

  /// A policy met by meeting every one of `requirements`.
  public init(allOf requirements: [PasswordRequirement]) {
    self.init(anyOf: [requirements])
  }

  /// GitHub's policy: at least 15 characters, or at least 8 with a number and a lowercase letter.
  public static let github = PasswordPolicy(anyOf: [
    [.minimumLength(15)],
    [.minimumLength(8), .digit, .lowercaseLetter],
  ])

  /// A policy that asks only for a length.
  public static func minimumLength(_ length: Int) -> PasswordPolicy {
    PasswordPolicy(allOf: [.minimumLength(length)])
  }

  /// Every requirement of every alternative, once each, in order: the checklist's lines.
  public var requirements: [PasswordRequirement] {
    var seen = Set<PasswordRequirement>()
    return alternatives.joined().filter { seen.insert($0).inserted }
  }

  /// Each requirement with whether `password` meets it, for a live checklist.
  public func checklist(for password: String) -> [PasswordRequirementCheck] {
    requirements.map { PasswordRequirementCheck(requirement: $0, isMet: $0.isMet(by: password)) }
  }

  /// Whether `password` meets every requirement of at least one alternative.
  public func isSatisfied(by password: String) -> Bool {
    alternatives.contains { alternative in alternative.allSatisfy { $0.isMet(by: password) } }
  }

  /// The verdict shown under the password field; it never contains the password.
  public func validate(_ password: String) -> ValidationResult {
    if password.isEmpty { return .empty }
    if isSatisfied(by: password) { return .ok("Password meets the requirements") }
    return .failed("Use \(summary)")
  }

  /// The policy in words: "at least 15 characters, or at least 8 characters, a number and a
  /// lowercase letter".
  public var summary: String {
    alternatives.map { alternative in
      let parts = alternative.map(\.description)
      guard let last = parts.last, parts.count > 1 else { return parts.first ?? "" }
      return parts.dropLast().joined(separator: ", ") + " and " + last
    }
    .joined(separator: ", or ")
  }
}
