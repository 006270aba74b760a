/// One item of a password policy's checklist, such as "at least 8 characters" or "a number".
public enum PasswordRequirement: Sendable, Hashable, Codable, CustomStringConvertible {
  /// At least this many characters (grapheme clusters, as a person counts them).
  case minimumLength(Int)
  /// At least one ASCII digit, `0`–`9`.
  case digit
  /// At least one lowercase letter, in any script (`a`, `é`, `ж`).
  case lowercaseLetter
  /// At least one uppercase letter, in any script (`A`, `É`, `Ж`).
  case uppercaseLetter

  /// Whether `password` meets this requirement.
  public func isMet(by password: String) -> Bool {
    switch self {
    case .minimumLength(let length): password.count >= length
    case .digit: password.unicodeScalars.contains { ("0"..."9").contains($0) }
    case .lowercaseLetter: password.contains { $0.isLowercase }
    case .uppercaseLetter: password.contains { $0.isUppercase }
    }
  }

  /// The requirement as a checklist line: "at least 8 characters", "a number".
  public var description: String {
    switch self {
    case .minimumLength(1): "at least 1 character"
    case .minimumLength(let length): "at least \(length) characters"
    case .digit: "a number"
    case .lowercaseLetter: "a lowercase letter"
    case .uppercaseLetter: "an uppercase letter"
    }
  }
}
