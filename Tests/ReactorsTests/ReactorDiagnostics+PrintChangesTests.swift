import Testing

@testable import Reactors

@Suite(.timeLimit(.minutes(1))) struct ReactorDiagnosticsPrintChangesTests {
  @Test func eachActionPrintsAndEachMutationPrintsTheLineDiffOfTheStateItChanged() async {
    let entries = await printedEntries { $0.send(.setUser("octocat")) }
    #expect(entries == [#"[login] action .setUser("octocat")"# + "\n", settingTheUser])
  }

  @Test func aMutationThatLeavesTheStateAsItWasPrintsNothing() async {
    let entries = await printedEntries { $0.send(.setUser("")) }
    #expect(entries == [#"[login] action .setUser("")"# + "\n"])
  }

  @Test func aChangeToASecretAloneIsRedactedAndPrintsNoDiff() async {
    let entries = await printedEntries { reactor in
      reactor.send(.setPassword("hunter2"))
      reactor.send(.login(user: "octocat", password: "swordfish"))
    }
    #expect(!entries.joined().contains("hunter2"))
    #expect(!entries.joined().contains("swordfish"))
    #expect(
      entries == [
        "[login] action .setPassword(<redacted>)\n",
        #"[login] action .login(user: "octocat", password: <redacted>)"# + "\n",
        settingTheUser,
      ])
  }

  @Test func successiveChangesAreEachDiffedFromThePreviousState() async {
    let entries = await printedEntries(redaction: .disabled) { reactor in
      reactor.send(.setUser("a"))
      reactor.send(.setUser("b"))
    }
    #expect(
      entries.last == """
        [login] mutation .setUser("b")
          State(
        -   user: "a",
        +   user: "b",
            password: "",
            attempts: 0
          )

        """)
  }

  @Test func effectErrorsPrintAsWithThePrintingHook() async {
    let entries = await printedEntries { reactor in
      reactor.send(.submit)
      await reactor.waitUntilIdle()
    }
    #expect(
      entries == [
        "[login] action .submit\n",
        "[login] effect failed LoginError(status: 401, token: <redacted>)\n",
      ])
  }

  @Test func thePublicHookIsLabelledWithTheActionTypeByDefault() {
    let diagnostics = ReactorDiagnostics<
      LoginReactor.Action, LoginReactor.Mutation, LoginReactor.State
    >
    .printChanges()
    #expect(diagnostics.redaction == .default)
    #expect(diagnostics.start != nil)
  }

  /// The entries the hook, labelled "login", writes while `body` drives a new `LoginReactor`.
  private func printedEntries(
    redaction: Redaction = .default, _ body: (LoginReactor) async -> Void
  ) async -> [String] {
    let entries = Recorder<String>()
    let reactor = LoginReactor(
      diagnostics: .printingChanges(label: "login", redaction: redaction) { entries.record($0) })
    await body(reactor)
    return entries.values
  }

  /// The entry of `.setUser("octocat")` from the initial state, the password redacted.
  private let settingTheUser = """
    [login] mutation .setUser("octocat")
      State(
    -   user: "",
    +   user: "octocat",
        password: <redacted>,
        attempts: 0
      )

    """
}
