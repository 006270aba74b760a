/// One line of a `signup` script: type into a field, press sign up, wait or sleep.
///
/// ```
/// # A comment. Blank lines are ignored too.
/// username octocat-2
/// password correct horse battery staple
/// repeat correct horse battery staple
/// wait
/// signup
/// sleep 250
/// ```
///
/// `wait` returns once no check or sign-up is pending; `sleep` lets real milliseconds pass.
/// Everything after `username `, `password ` or `repeat ` is the field's text, `#` included.
public enum ScriptCommand: Sendable, Hashable {
  /// `username TEXT`: the username field now holds `TEXT` (the rest of the line, maybe empty).
  case username(String)
  /// `password TEXT`: the password field now holds `TEXT`.
  case password(String)
  /// `repeat TEXT`: the repeat field now holds `TEXT`.
  case repeatedPassword(String)
  /// `signup`: press the sign-up button.
  case signUp
  /// `wait`: wait until no debounce, check or sign-up is pending.
  case wait
  /// `sleep MS`: let `MS` milliseconds of real time pass.
  case sleep(milliseconds: Int)

  /// Parses one line: `nil` for a blank line or a `#` comment.
  ///
  /// A field command takes the rest of the line after the single space that follows it, spaces
  /// and `#` included; a trailing carriage return is dropped. The error never repeats the line's
  /// text, which may hold a password.
  public static func parse(_ line: some StringProtocol) throws(ScriptParseError) -> ScriptCommand? {
    var line = Substring(line)
    if line.hasSuffix("\r") { line.removeLast() }
    let trimmed = line.drop { $0 == " " || $0 == "\t" }
    if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }

    let keyword = trimmed.prefix { $0 != " " && $0 != "\t" }
    let rest = trimmed.dropFirst(keyword.count)
    let text = String(rest.isEmpty ? rest : rest.dropFirst())
    let argument = rest.trimmingSpaces()
    switch keyword {
    case "username": return .username(text)
    case "password": return .password(text)
    case "repeat": return .repeatedPassword(text)
    case "signup":
      guard argument.isEmpty else { throw ScriptParseError("signup takes no argument") }
      return .signUp
    case "wait":
      guard argument.isEmpty else { throw ScriptParseError("wait takes no argument") }
      return .wait
    case "sleep":
      guard let milliseconds = Int(argument), milliseconds >= 0 else {
        throw ScriptParseError("sleep needs a whole number of milliseconds, like 'sleep 250'")
      }
      return .sleep(milliseconds: milliseconds)
    default:
      let shown = keyword.count > 20 ? keyword.prefix(20) + "…" : keyword
      throw ScriptParseError(
        "unknown command \(String(reflecting: String(shown))) "
          + "(expected username, password, repeat, signup, wait or sleep)")
    }
  }
}

extension Substring {
  fileprivate func trimmingSpaces() -> Substring {
    var trimmed = self
    while let first = trimmed.first, first == " " || first == "\t" { trimmed.removeFirst() }
    while let last = trimmed.last, last == " " || last == "\t" { trimmed.removeLast() }
    return trimmed
  }
}
