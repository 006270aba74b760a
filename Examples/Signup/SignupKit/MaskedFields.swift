/// The form's two masked fields — the password and its repeat — after an edit of either, with
/// the verdicts that follow from them.
///
/// The verdicts are worked out in `mutate`, where the policy is, and carried here, so `reduce`
/// only stores them. That is what lets a recording replay: its JSON redacts `password` and
/// `repeatedPassword` (their keys name a secret) but keeps `strength`, `checklist` and `match`,
/// so a replay shows the same verdicts and checklist, and `canSignUp`, while the texts replay
/// as `<redacted>`, which nothing prints.
public struct MaskedFields: Sendable, Equatable, Codable {
  /// The password as typed.
  public var password: String
  /// The repeat as typed.
  public var repeatedPassword: String
  /// The password's verdict against the policy.
  public var strength: ValidationResult
  /// The policy's requirements, each met or not by the password.
  public var checklist: [PasswordRequirementCheck]
  /// Whether the repeat matches the password.
  public var match: ValidationResult

  /// Both texts with their verdicts under `policy`.
  public init(password: String, repeatedPassword: String, policy: PasswordPolicy) {
    self.password = password
    self.repeatedPassword = repeatedPassword
    strength = policy.validate(password)
    checklist = policy.checklist(for: password)
    match = RepeatedPasswordRule.validate(repeatedPassword, against: password)
  }
}
