import ExampleCommandLine
import SignupKit
import Testing

@Suite(.timeLimit(.minutes(1)))
struct SignupTextRendererTests {
  let reactor = SignupReactor(
    availability: UsernameAvailabilityClient { _ in .available }, signup: SignupClient { _, _ in })

  @Test func aStateRendersAsLabelledLines() {
    var state = reactor.initialState
    state = reactor.reduce(state: state, mutation: .setUsername("octocat", .validating))
    state = reactor.reduce(state: state, mutation: reactor.passwordEdit("hunter2x", in: state))
    state = reactor.reduce(state: state, mutation: reactor.repeatEdit("hunter2y", in: state))
    #expect(
      SignupTextRenderer.render(state, outcome: nil) == """
        Username  "octocat"
                  … checking availability
        Password  ✓ Password meets the requirements
                    – at least 15 characters
                    or ✓ at least 8 characters, ✓ a number, ✓ a lowercase letter
        Repeat    ✗ Doesn't match the password
        Sign up   disabled
        """)
  }

  @Test func anUnacceptedPasswordMarksEveryUnmetRequirementOfEachAlternative() {
    let state = reactor.reduce(
      state: reactor.initialState, mutation: reactor.passwordEdit("abc", in: reactor.initialState))
    let lines = SignupTextRenderer.render(state, outcome: nil).split(separator: "\n")
    #expect(lines[3] == "            ✗ at least 15 characters")
    #expect(lines[4] == "            or ✗ at least 8 characters, ✗ a number, ✓ a lowercase letter")
  }

  @Test func aFinishedFormSaysSignedUpAndASimulatedWelcomeSaysSo() {
    var state = reactor.initialState
    state = reactor.reduce(state: state, mutation: .setUsername("octocat-2", .ok("available")))
    state = reactor.reduce(
      state: state, mutation: .finishSigningUp(.succeeded("Welcome"), username: "octocat-2"))
    let text = SignupTextRenderer.render(state, outcome: .succeeded("Welcome"), isSimulated: true)
    #expect(text.contains("Sign up   signed up\nOutcome   ✓ Welcome (simulated)"))
    #expect(text.contains("          ✓ octocat-2 is your account"))
  }

  @Test func controlCharactersInTheTextAreShownEscaped() {
    var state = reactor.initialState
    state = reactor.reduce(
      state: state, mutation: .setUsername("evil\u{1B}[2J", .failed("no \u{9B}31m\nway")))
    let text = SignupTextRenderer.render(state, outcome: .failed("bad\u{7}"))
    #expect(
      text.hasPrefix(#"Username  "evil\u001b[2J""# + "\n" + #"          ✗ no \u{9B}31m\u{A}way"#))
    #expect(text.hasSuffix(#"Outcome   ✗ bad\u{7}"#))
    #expect(!text.unicodeScalars.contains { $0.isTerminalControl && $0 != "\n" })
  }

  @Test func anOutcomeIsAppended() {
    let text = SignupTextRenderer.render(reactor.initialState, outcome: .failed("Sign-up failed"))
    #expect(text.hasSuffix("\nOutcome   ✗ Sign-up failed"))
  }

  @Test func theButtonSaysWhetherItWouldWork() {
    var state = reactor.initialState
    #expect(SignupTextRenderer.button(state) == "disabled")
    state.usernameValidation = .ok("a")
    state.passwordValidation = .ok("b")
    state.repeatedPasswordValidation = .ok("c")
    #expect(SignupTextRenderer.button(state) == "ready")
    state.isSigningUp = true
    #expect(SignupTextRenderer.button(state) == "signing up…")
  }

  @Test func passwordsNeverAppear() {
    var state = reactor.initialState
    state = reactor.reduce(
      state: state, mutation: reactor.passwordEdit("s3cret-horse-battery", in: state))
    state = reactor.reduce(state: state, mutation: reactor.repeatEdit("s3cret-horse", in: state))
    #expect(!SignupTextRenderer.render(state, outcome: nil).contains("s3cret"))
  }
}
