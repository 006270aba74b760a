/// The rule for the repeated password: it must equal the password.
///
/// The reactor applies it whenever either field changes, so editing the password after the
/// repeat was typed turns a match into a mismatch (and back).
public enum RepeatedPasswordRule {
  /// The verdict shown under the repeat field; it never contains either password.
  public static func validate(_ repeated: String, against password: String) -> ValidationResult {
    if repeated.isEmpty { return .empty }
    if repeated == password { return .ok("Passwords match") }
    return .failed("Doesn't match the password")
  }
}
