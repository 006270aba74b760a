/// A checklist line: one requirement of the password policy and whether the password meets it.
public struct PasswordRequirementCheck: Sendable, Hashable, Codable {
  /// The requirement checked.
  public var requirement: PasswordRequirement
  /// Whether the password meets it.
  public var isMet: Bool

  /// Makes a checklist line.
  public init(requirement: PasswordRequirement, isMet: Bool) {
    self.requirement = requirement
    self.isMet = isMet
  }

  /// The line's text, such as "a lowercase letter".
  public var description: String { requirement.description }
}
