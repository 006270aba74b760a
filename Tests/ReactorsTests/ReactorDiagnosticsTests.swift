import Testing

@testable import Reactors

@Suite(.timeLimit(.minutes(2))) struct ReactorDiagnosticsTests {
  @Test func theHookSeesEveryActionMutationAndStateInOrder() async {
    let events = Recorder<String>()
    let reactor = LoginReactor(diagnostics: ReactorDiagnostics { events.record($0.description) })
    reactor.send(.setUser("octocat"))
    #expect(
      events.values == [
        #"action .setUser("octocat")"#,
        #"mutation .setUser("octocat")"#,
        #"state State(user: "octocat", password: <redacted>, attempts: 0)"#,
      ])
  }

  @Test func secretsAreRedactedInActionsMutationsAndStates() {
    let events = Recorder<String>()
    let reactor = LoginReactor(diagnostics: ReactorDiagnostics { events.record($0.description) })
    reactor.send(.setPassword("hunter2"))
    reactor.send(.login(user: "octocat", password: "hunter2"))
    #expect(!events.values.joined().contains("hunter2"))
    #expect(events.values.contains("action .setPassword(<redacted>)"))
    #expect(events.values.contains(#"action .login(user: "octocat", password: <redacted>)"#))
  }

  @Test func effectErrorsAreReportedRedacted() async {
    let events = Recorder<String>()
    let reactor = LoginReactor(
      diagnostics: ReactorDiagnostics { event in
        if case .effectFailed = event.kind { events.record(event.description) }
      })
    reactor.send(.submit)
    await reactor.waitUntilIdle()
    #expect(events.values == [#"effect failed LoginError(status: 401, token: <redacted>)"#])
  }

  @Test func theHookGetsTheRawValuesForProgrammaticUse() {
    let passwords = Recorder<String>()
    let reactor = LoginReactor(
      diagnostics: ReactorDiagnostics { event in
        if case .action(.setPassword(let password)) = event.kind { passwords.record(password) }
      })
    reactor.send(.setPassword("hunter2"))
    #expect(passwords.values == ["hunter2"])
  }

  @Test func disabledRedactionPrintsEverything() {
    let events = Recorder<String>()
    let reactor = LoginReactor(
      diagnostics: ReactorDiagnostics(redaction: .disabled) { events.record($0.description) })
    reactor.send(.setPassword("hunter2"))
    #expect(events.values.first == #"action .setPassword("hunter2")"#)
  }

  @Test func thePrintingHookWritesOneLabelledRedactedLinePerEvent() {
    let lines = Recorder<String>()
    let reactor = LoginReactor(
      diagnostics: .printing(label: "login", redaction: .default) { lines.record($0) })
    reactor.send(.setPassword("hunter2"))
    #expect(
      lines.values == [
        "[login] action .setPassword(<redacted>)\n",
        "[login] mutation .setPassword(<redacted>)\n",
        #"[login] state State(user: "", password: <redacted>, attempts: 0)"# + "\n",
      ])
  }

  @Test func thePrintingHookIsLabelledWithTheActionTypeByDefault() {
    let lines = Recorder<String>()
    let reactor = LoginReactor(
      diagnostics: .printing(label: nil, redaction: .default) { lines.record($0) })
    reactor.send(.setUser("octocat"))
    #expect(lines.values.first == #"[Action] action .setUser("octocat")"# + "\n")
  }
}

// MARK: - Fixtures

struct LoginError: Error {
  let status: Int
  let token: String
}

final class LoginReactor: Reactor {
  enum Action {
    case setUser(String)
    case setPassword(String)
    case login(user: String, password: String)
    case submit
  }
  enum Mutation {
    case setUser(String)
    case setPassword(String)
    case attempt
  }
  struct State {
    var user = ""
    var password = ""
    var attempts = 0
  }

  let initialState = State()
  let runtime: Runtime

  init(diagnostics: ReactorDiagnostics<Action, Mutation, State>) {
    runtime = Runtime(diagnostics: diagnostics)
  }

  func mutate(action: Action) -> Mutations<Mutation> {
    switch action {
    case .setUser(let user): .just(.setUser(user))
    case .setPassword(let password): .just(.setPassword(password))
    case .login(let user, let password):
      .concat(.just(.setUser(user)), .just(.setPassword(password)))
    case .submit: .run { _ in throw LoginError(status: 401, token: "ghp_secret") }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setUser(let user): state.user = user
    case .setPassword(let password): state.password = password
    case .attempt: state.attempts += 1
    }
    return state
  }
}
