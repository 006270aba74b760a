import ExampleCommandLine

/// Renders the form's state as readable text, for `signup` in scripted mode.
///
/// A username that is the draft kept from the last run, not edited since, is followed by
/// `(restored from the last run)`.
///
/// ```
/// Username  "octocat"
///           ✗ octocat is already taken
/// Password  ✓ Password meets the requirements
///             – at least 15 characters
///             or ✓ at least 8 characters, ✓ a number, ✓ a lowercase letter
/// Repeat    ✓ Passwords match
/// Sign up   disabled
/// ```
///
/// The checklist has one line per alternative of the policy, any one of which is enough; once
/// one is met, the requirements of the others show `–` (not needed) rather than `✗`. A
/// finished form's button reads `signed up`. Neither password is ever written, not even its
/// length. Control characters (in a username, a
/// server's message) are shown escaped (`\u{1B}`), so nothing printed can act on a terminal.
public enum SignupTextRenderer {
  /// The state as lines of text, ending with the outcome announced with this state, if any.
  ///
  /// - Parameters:
  ///   - state: The form.
  ///   - outcome: The outcome announced with this state, if any.
  ///   - isSimulated: Whether the sign-up service is a simulation, which a success then says.
  public static func render(
    _ state: SignupReactor.State, outcome: SignupOutcome?, isSimulated: Bool = false
  ) -> String {
    let restored = state.isUsernameRestored ? "  (restored from the last run)" : ""
    var lines = [
      "Username  " + JSONValue.quoted(state.username) + restored,
      "          " + verdict(state.usernameValidation),
      "Password  " + verdict(state.passwordValidation),
    ]
    let isAccepted = state.passwordValidation.isValid
    lines += state.passwordAlternatives.enumerated().map { index, alternative in
      let checks = alternative.map { mark($0, isAccepted: isAccepted) + " " + $0.description }
      return "            " + (index == 0 ? "" : "or ") + checks.joined(separator: ", ")
    }
    lines.append("Repeat    " + verdict(state.repeatedPasswordValidation))
    lines.append("Sign up   " + button(state))
    if let outcome {
      lines.append("Outcome   " + announcement(outcome, isSimulated: isSimulated))
    }
    return lines.map(\.escapingControlCharacters).joined(separator: "\n")
  }

  /// A checklist item's mark: `✓` met, `✗` unmet, `–` unmet but not needed (the password is
  /// accepted by another alternative).
  public static func mark(_ check: PasswordRequirementCheck, isAccepted: Bool) -> String {
    check.isMet ? "✓" : isAccepted ? "–" : "✗"
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

  /// The button's state: `ready`, `signing up…`, `signed up` (the form is finished) or
  /// `disabled`.
  public static func button(_ state: SignupReactor.State) -> String {
    if state.isSigningUp { return "signing up…" }
    if state.isSignedUp { return "signed up" }
    return state.canSignUp ? "ready" : "disabled"
  }

  /// An outcome on one line: `✓ message` or `✗ message`; a simulated success says so.
  public static func announcement(_ outcome: SignupOutcome, isSimulated: Bool = false) -> String {
    switch outcome {
    case .succeeded(let message): "✓ " + message + (isSimulated ? " (simulated)" : "")
    case .failed(let message): "✗ " + message
    }
  }
}
