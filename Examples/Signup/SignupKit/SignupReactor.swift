import Reactors
import ReactorsPersistence

/// The sign-up form: a username checked against GitHub, a password checked against a policy, the
/// password repeated, and a sign-up button that works only when all three are valid.
///
/// ```swift
/// let reactor = SignupReactor(availability: .live(apiURL: api), signup: .simulated(...))
/// reactor.send(.updateUsername("octocat"))  // validating; GET /users/octocat after 300 ms
/// reactor.send(.updatePassword("correct horse battery"))
/// reactor.send(.updateRepeatedPassword("correct horse battery"))
/// reactor.send(.signUp)                     // ignored unless `canSignUp`
/// ```
///
/// The username's local rules are checked at once; its availability is asked after the typing
/// pauses (`debounce`), and a newer name cancels the older check, so a slow answer for an old
/// name never lands. The sign-up outcome is a ``Pulse``: shown once, no reset needed.
///
/// Given a `StateFile`, the username draft outlives the run (never a password: ``Saved``): it is
/// restored into the initial state, marked ``State/isUsernameRestored``, and saved as it changes.
public final class SignupReactor: PersistentReactor {
  /// What the user does.
  public enum Action: Sendable, Codable {
    /// The username field now holds this text.
    case updateUsername(String)
    /// The password field now holds this text.
    case updatePassword(String)
    /// The repeat field now holds this text.
    case updateRepeatedPassword(String)
    /// The sign-up button was pressed.
    case signUp
  }

  /// A change to the form's state.
  public enum Mutation: Sendable, Equatable, Codable {
    /// New username text with its verdict so far: empty, failed (a rule), or validating.
    case setUsername(String, ValidationResult)
    /// GitHub's verdict on `username`; dropped if the field has changed since.
    case setAvailability(ValidationResult, username: String)
    /// New password or repeat text, with the verdicts `mutate` derived from both.
    ///
    /// Named for neither secret, so that a recording redacts only the texts (see
    /// ``MaskedFields``) and replays the verdicts.
    case setMaskedFields(MaskedFields)
    /// The sign-up request left.
    case startSigningUp
    /// The sign-up request for `username` ended; a success makes the name the user's account.
    case finishSigningUp(SignupOutcome, username: String)
  }

  /// Everything the form shows.
  public struct State: Sendable, Equatable {
    /// The username as typed.
    public var username = ""
    /// The username's verdict: a broken rule, checking, available, taken, or the user's own.
    public var usernameValidation = ValidationResult.empty
    /// Whether ``username`` is the draft kept from the last run, not edited since, so that the
    /// form can say where it came from.
    public var isUsernameRestored = false
    /// The password as typed. Never print it; diagnostics redact it.
    public var password = ""
    /// The password's verdict against the policy.
    public var passwordValidation = ValidationResult.empty
    /// The policy's requirements, each met or not by the current password.
    public var passwordChecklist: [PasswordRequirementCheck] = []
    /// The policy the password is checked against, so that a screen can show the checklist as
    /// the policy's alternatives (``passwordAlternatives``).
    public var passwordPolicy = PasswordPolicy.github
    /// The repeated password as typed. Never print it; diagnostics redact it.
    public var repeatedPassword = ""
    /// Whether the repeat matches the password.
    public var repeatedPasswordValidation = ValidationResult.empty
    /// Whether a sign-up request is in flight.
    public var isSigningUp = false
    /// How the last sign-up ended; observers get each outcome once.
    @Pulse public var outcome: SignupOutcome? = nil
    /// The names signed up so far, lowercased: the user's own from then on, whatever a server
    /// says, and never signed up again.
    public var signedUpUsernames: Set<String> = []

    /// Whether pressing sign up would do anything: all three fields valid, none in flight, and
    /// the username not one this form already signed up.
    public var canSignUp: Bool {
      usernameValidation.isValid && passwordValidation.isValid
        && repeatedPasswordValidation.isValid && !isSigningUp && !isSignedUp
    }

    /// Whether the username field holds a name this form signed up: the form is finished, and
    /// shows the account as the user's own rather than as taken.
    public var isSignedUp: Bool {
      signedUpUsernames.contains(username.lowercased())
    }

    /// The checklist as the policy's alternatives, in order, each requirement met or not: one
    /// line of a screen per alternative, any one of which is enough.
    public var passwordAlternatives: [[PasswordRequirementCheck]] {
      passwordPolicy.alternatives.map { alternative in
        alternative.map { requirement in
          PasswordRequirementCheck(
            requirement: requirement,
            isMet: passwordChecklist.contains { $0.requirement == requirement && $0.isMet })
        }
      }
    }
  }

  /// The empty form, its checklist listing the policy's requirements, all unmet, with the
  /// username draft restored from the state file or the saved value given to `init`, if any.
  public let initialState: State
  /// The reactor's engine, reporting to the diagnostics given to `init`, if any.
  public let runtime: Runtime

  private let availability: UsernameAvailabilityClient
  private let signup: SignupClient
  private let passwordPolicy: PasswordPolicy
  private let debounceDuration: Duration
  private let clock: any Clock<Duration>

  /// The effect id of the username check; a new check cancels the one pending or in flight.
  private enum EffectID { case availabilityCheck }

  /// Makes the form.
  ///
  /// - Parameters:
  ///   - availability: Asks whether a username is taken.
  ///   - signup: Creates the account.
  ///   - passwordPolicy: Which passwords are accepted; GitHub's by default.
  ///   - debounce: How long typing must pause before the username is checked.
  ///   - clock: The clock of the debounce; a `TestClock` in tests.
  ///   - diagnostics: Reports actions, mutations and states, passwords redacted.
  ///   - recorder: Records the session (`signup --record`), passwords redacted.
  ///   - stateFile: Where the username draft is kept across runs: restored from it now, saved
  ///     to it as it changes; `nil` keeps nothing.
  ///   - saved: A draft to start from without a file, such as a recording's start (for a
  ///     replay); the file's wins when both are given.
  public init(
    availability: UsernameAvailabilityClient,
    signup: SignupClient,
    passwordPolicy: PasswordPolicy = .github,
    debounce: Duration = .milliseconds(300),
    clock: any Clock<Duration> = ContinuousClock(),
    diagnostics: ReactorDiagnostics<Action, Mutation, State>? = nil,
    recorder: ReactorRecorder<Action, Mutation>? = nil,
    stateFile: StateFile<SignupReactor>? = nil,
    restoring saved: Saved? = nil
  ) {
    self.availability = availability
    self.signup = signup
    self.passwordPolicy = passwordPolicy
    self.debounceDuration = debounce
    self.clock = clock
    self.runtime = Runtime(diagnostics: diagnostics, recorder: recorder)
    var state = State()
    state.passwordChecklist = passwordPolicy.checklist(for: "")
    state.passwordPolicy = passwordPolicy
    if let saved { state = Self.restoring(saved, into: state) }
    self.initialState = stateFile?.restoring(into: state) ?? state
    stateFile?.save(self)
  }

  /// Applies each edit at once and schedules the work it needs: a debounced availability check
  /// for a username that keeps the rules, a sign-up for a valid, idle form.
  public func mutate(action: Action) -> Mutations<Mutation> {
    switch action {
    case .updateUsername(let username):
      if username.isEmpty {
        return .concat(
          .just(.setUsername(username, .empty)),
          .cancel(id: EffectID.availabilityCheck))
      }
      if let rule = UsernameRule.firstBroken(by: username) {
        return .concat(
          .just(.setUsername(username, .failed(rule.message(for: username)))),
          .cancel(id: EffectID.availabilityCheck))
      }
      if currentState.signedUpUsernames.contains(username.lowercased()) {
        return .concat(
          .just(.setUsername(username, .ok(Self.yours(username)))),
          .cancel(id: EffectID.availabilityCheck))
      }
      return .concat(
        .just(.setUsername(username, .validating)),
        .run { [availability] send in
          let verdict: ValidationResult =
            switch try await availability.checkAvailability(username) {
            case .available: .ok("\(username) is available")
            case .taken: .failed(Self.taken(username))
            }
          send(.setAvailability(verdict, username: username))
        } catch: { error, send in
          send(.setAvailability(.failed(Self.couldntCheck(error)), username: username))
        }
        .debounce(id: EffectID.availabilityCheck, for: debounceDuration, clock: clock)
      )

    case .updatePassword(let password):
      return .just(passwordEdit(password, in: currentState))

    case .updateRepeatedPassword(let repeatedPassword):
      return .just(repeatEdit(repeatedPassword, in: currentState))

    case .signUp:
      // The invariant lives here, not in the view: `mutate` and the `reduce` of the immediate
      // `startSigningUp` run under the reactor's lock, so a second press sees `isSigningUp`.
      let state = currentState
      guard state.canSignUp else { return .none }
      let username = state.username
      let password = state.password
      return .concat(
        .just(.startSigningUp),
        .run { [signup] send in
          try await signup.signUp(username, password)
          send(
            .finishSigningUp(
              .succeeded("Welcome, \(username)! Your account was created"), username: username))
        } catch: { error, send in
          send(.finishSigningUp(.failed("Sign-up failed: \(error)"), username: username))
        }
      )
    }
  }

  /// The mutation of typing `password` into the form in `state`: the password and repeat
  /// verdicts and the checklist follow from the policy.
  public func passwordEdit(_ password: String, in state: State) -> Mutation {
    .setMaskedFields(
      MaskedFields(
        password: password, repeatedPassword: state.repeatedPassword, policy: passwordPolicy))
  }

  /// The mutation of typing `repeatedPassword` into the form in `state`: its verdict follows.
  public func repeatEdit(_ repeatedPassword: String, in state: State) -> Mutation {
    .setMaskedFields(
      MaskedFields(
        password: state.password, repeatedPassword: repeatedPassword, policy: passwordPolicy))
  }

  /// What a taken name's verdict says.
  private static func taken(_ username: String) -> String {
    "\(username) is already taken"
  }

  /// What the verdict on a name this form signed up says: the account is the user's now.
  private static func yours(_ username: String) -> String {
    "\(username) is your account"
  }

  /// What a failed check says: the cause, never "taken".
  private static func couldntCheck(_ error: any Error) -> String {
    (error as? AvailabilityCheckError)?.description ?? "Couldn't check availability: \(error)"
  }

  /// Applies one mutation; the password and repeat verdicts come with their texts, from `mutate`.
  public func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setUsername(let username, let validation):
      // Checking the restored draft keeps it restored; an edit makes it the user's own typing.
      if username != state.username { state.isUsernameRestored = false }
      state.username = username
      state.usernameValidation = validation

    case .setAvailability(let validation, let username):
      // Cancellation already keeps old answers out; this guard makes it hold by construction.
      guard username == state.username else { return state }
      // A name signed up while its check was in flight stays the user's own.
      guard !state.signedUpUsernames.contains(username.lowercased()) else { return state }
      state.usernameValidation = validation

    case .setMaskedFields(let fields):
      state.password = fields.password
      state.repeatedPassword = fields.repeatedPassword
      state.passwordValidation = fields.strength
      state.passwordChecklist = fields.checklist
      state.repeatedPasswordValidation = fields.match

    case .startSigningUp:
      state.isSigningUp = true

    case .finishSigningUp(let outcome, let username):
      state.isSigningUp = false
      state.outcome = outcome
      // The name is ours now: the form is finished (`isSignedUp`), and a second sign-up with
      // it must not be possible. Its verdict says so, rather than calling it taken.
      guard case .succeeded = outcome else { break }
      state.signedUpUsernames.insert(username.lowercased())
      if state.isSignedUp {
        state.usernameValidation = .ok(Self.yours(state.username))
      }
    }
    return state
  }
}
