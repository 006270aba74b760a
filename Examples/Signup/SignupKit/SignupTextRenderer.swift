import ExampleCommandLine

/// Renders the form's state as readable text, for `signup` in scripted mode.
///
/// ```
/// Username  "octocat"
///           ✗ octocat is already taken
/// Password  ✓ Password meets the requirements
///             ✓ at least 15 characters
///             ✓ at least 8 characters
///             ✓ a number
///             ✓ a lowercase letter
/// Repeat    ✓ Passwords match
/// Sign up   disabled
/// ```
///
/// Neither password is ever written, not even its length. Control characters (in a username, a
/// server's message) are shown escaped (`\u{1B}`), so nothing printed can act on a terminal.
public enum SignupTextRenderer {
  /// The state as lines of text, ending with the outcome announced with this state, if any.
  public static func render(_ state: SignupReactor.State, outcome: SignupOutcome?) -> String {
    var lines = [
      "Username  " + JSONValue.quoted(state.username),
      "          " + verdict(state.usernameValidation),
      "Password  " + verdict(state.passwordValidation),
    ]
    lines += state.passwordChecklist.map {
      "            " + ($0.isMet ? "✓ " : "✗ ") + $0.description
    }
    lines.append("Repeat    " + verdict(state.repeatedPasswordValidation))
    lines.append("Sign up   " + button(state))
    if let outcome { lines.append("Outcome   " + announcement(outcome)) }
    return lines.map(\.escapingControlCharacters).joined(separator: "\n")
  }

  /// A verdict on one line: `✓ message`, `✗ message`, `… checking` or `(empty)`.
  public static func verdict(_ validation: ValidationResult) -> String {
    switch validation {
    case .empty: "(empty)"
    case .validating: "… checking availability"
    case .ok(let message): "✓ " + message
    case .failed(let message): "✗ " + message
    }
  }

  /// The button's state: `ready`, `signing up…` or `disabled`.
  public static func button(_ state: SignupReactor.State) -> String {
    if state.isSigningUp { return "signing up…" }
    return state.canSignUp ? "ready" : "disabled"
  }

  /// An outcome on one line: `✓ message` or `✗ message`.
  public static func announcement(_ outcome: SignupOutcome) -> String {
    switch outcome {
    case .succeeded(let message): "✓ " + message
    case .failed(let message): "✗ " + message
    }
  }
}
