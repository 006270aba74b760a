import ExampleCommandLine

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
/// `wait` returns once no check or sign-up is pending; `sleep` lets real milliseconds pass (at
/// most a minute). Everything after `username `, `password ` or `repeat ` is the field's text,
/// spaces and `#` included. Errors never repeat a line's text, which may hold a password.
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

  /// The command on `line`.
  ///
  /// - Throws: `ScriptError` for an unknown command or a malformed argument.
  public init(_ line: ScriptLine) throws(ScriptError) {
    switch line.keyword {
    case "username": self = .username(line.argument)
    case "password": self = .password(line.argument)
    case "repeat": self = .repeatedPassword(line.argument)
    case "signup":
      try line.expectNoArgument()
      self = .signUp
    case "wait":
      try line.expectNoArgument()
      self = .wait
    case "sleep": self = .sleep(milliseconds: try line.milliseconds())
    default:
      throw line.unknownCommand(expected: [
        "username", "password", "repeat", "signup", "wait", "sleep",
      ])
    }
  }
}
