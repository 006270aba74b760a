import ExampleCommandLine

/// Renders the form's state as one line of JSON, for `signup --json`.
///
/// ```json
/// {"username":{"text":"octocat","status":"failed","message":"octocat is already taken"},
///  "password":{"status":"ok","message":"…","requirements":[{"description":"…","met":true}]},
///  "repeat":{"status":"ok","message":"Passwords match"},
///  "canSignUp":false,"isSignedUp":false,"isSigningUp":false,"result":null}
/// ```
///
/// (on one line). `isSignedUp` is true once the username is one this run signed up: the form is
/// finished. The username's `"restored":true` says that it is the draft kept from the last run,
/// not edited since (only a run with `--state-dir` restores one). Neither password is ever
/// written, not even its length.
public enum SignupJSONRenderer {
  /// The state as a JSON object; `result` is the outcome announced with this state, if any.
  public static func render(_ state: SignupReactor.State, outcome: SignupOutcome?) -> String {
    var username: [(key: String, value: JSONValue)] = [
      ("text", .string(state.username)),
      ("status", .string(state.usernameValidation.status)),
      ("message", .string(orNull: state.usernameValidation.message)),
    ]
    if state.isUsernameRestored { username.append(("restored", .bool(true))) }
    return JSONValue.object([
      (
        "username",
        .object(username)
      ),
      (
        "password",
        .object([
          ("status", .string(state.passwordValidation.status)),
          ("message", .string(orNull: state.passwordValidation.message)),
          (
            "requirements",
            .array(
              state.passwordChecklist.map { check in
                .object([("description", .string(check.description)), ("met", .bool(check.isMet))])
              })
          ),
        ])
      ),
      (
        "repeat",
        .object([
          ("status", .string(state.repeatedPasswordValidation.status)),
          ("message", .string(orNull: state.repeatedPasswordValidation.message)),
        ])
      ),
      ("canSignUp", .bool(state.canSignUp)),
      ("isSignedUp", .bool(state.isSignedUp)),
      ("isSigningUp", .bool(state.isSigningUp)),
      ("result", .string(orNull: outcome?.result)),
    ]).serialized
  }
}
