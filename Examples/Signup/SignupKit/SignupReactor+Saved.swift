import ExampleCommandLine

extension SignupReactor {
  /// What the form keeps across runs: the username draft, and never a password.
  public struct Saved: Codable, Equatable, Sendable {
    /// The username as typed; empty when there is no draft.
    public var username: String

    /// Makes the saved value of a draft `username`.
    public init(username: String) {
      self.username = username
    }
  }

  /// The longest draft put back: a file edited by hand could hold a novel, which no username
  /// field needs (GitHub's limit is 39).
  static let maximumRestoredUsernameLength = 100

  /// The part of `state` kept across runs: the username typed, unless the form signed it up,
  /// which makes it an account rather than a draft.
  public static func saved(from state: State) -> Saved {
    Saved(username: state.isSignedUp ? "" : state.username)
  }

  /// `state` with the saved draft put back and marked restored; a draft holding a control
  /// character or longer than any username is left out, as a file edited by hand may hold one.
  public static func restoring(_ saved: Saved, into state: State) -> State {
    let username = saved.username
    guard !username.isEmpty, username.count <= maximumRestoredUsernameLength,
      !username.containsControlCharacters
    else { return state }
    var state = state
    state.username = username
    state.isUsernameRestored = true
    return state
  }
}
