import Testing

@testable import Reactors

@Suite(.timeLimit(.minutes(1))) struct ReactorDiagnosticsPrintChangesTests {
  @Test func eachActionPrintsAndEachMutationPrintsTheLineDiffOfTheStateItChanged() {
    let lines = Recorder<String>()
    let reactor = LoginReactor(
      diagnostics: .printingChanges(label: "login", redaction: .default) { lines.record($0) })
    reactor.send(.setUser("octocat"))
    #expect(
      lines.values == [
        #"[login] action .setUser("octocat")"# + "\n",
        """
        [login] mutation .setUser("octocat")
          State(
        -   user: "",
        +   user: "octocat",
            password: <redacted>,
            attempts: 0
          )

        """,
      ])
  }

  @Test func aMutationThatLeavesTheStateAsItWasPrintsNothing() {
    let lines = Recorder<String>()
    let reactor = LoginReactor(
      diagnostics: .printingChanges(label: "login", redaction: .default) { lines.record($0) })
    reactor.send(.setUser(""))
    #expect(lines.values == [#"[login] action .setUser("")"# + "\n"])
  }

  @Test func aChangeToASecretAloneIsRedactedAndPrintsNoDiff() {
    let lines = Recorder<String>()
    let reactor = LoginReactor(
      diagnostics: .printingChanges(label: "login", redaction: .default) { lines.record($0) })
    reactor.send(.setPassword("hunter2"))
    reactor.send(.login(user: "octocat", password: "swordfish"))
    #expect(!lines.values.joined().contains("hunter2"))
    #expect(!lines.values.joined().contains("swordfish"))
    #expect(
      lines.values == [
        "[login] action .setPassword(<redacted>)\n",
        #"[login] action .login(user: "octocat", password: <redacted>)"# + "\n",
        """
        [login] mutation .setUser("octocat")
          State(
        -   user: "",
        +   user: "octocat",
            password: <redacted>,
            attempts: 0
          )

        """,
      ])
  }

  @Test func successiveChangesAreEachDiffedFromThePreviousState() {
    let lines = Recorder<String>()
    let reactor = LoginReactor(
      diagnostics: .printingChanges(label: "login", redaction: .disabled) { lines.record($0) })
    reactor.send(.setUser("a"))
    reactor.send(.setUser("b"))
    #expect(
      lines.values.last == """
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
    let lines = Recorder<String>()
    let reactor = LoginReactor(
      diagnostics: .printingChanges(label: "login", redaction: .default) { lines.record($0) })
    reactor.send(.submit)
    await reactor.waitUntilIdle()
    #expect(
      lines.values == [
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
}
