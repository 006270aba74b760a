import Foundation
import ReactorsRecording
import ReactorsTesting
import SignupKit
import Testing

@Suite(.timeLimit(.minutes(1)))
struct SignupReactorReduceTests {
  let reactor = SignupReactor(
    availability: UsernameAvailabilityClient { _ in .available },
    signup: SignupClient { _, _ in })

  @Test func settingTheUsernameStoresTheTextAndItsVerdict() {
    let state = reactor.reduce(
      state: reactor.initialState, mutation: .setUsername("octocat", .validating))
    #expect(state.username == "octocat")
    #expect(state.usernameValidation == .validating)
  }

  @Test func checkingTheRestoredDraftKeepsItRestoredAndAnEditDoesNot() {
    var state = reactor.initialState
    state.username = "octocat"
    state.isUsernameRestored = true
    let checking = reactor.reduce(state: state, mutation: .setUsername("octocat", .validating))
    #expect(checking.isUsernameRestored)
    #expect(checking.usernameValidation == .validating)
    let edited = reactor.reduce(state: checking, mutation: .setUsername("octocat2", .validating))
    #expect(!edited.isUsernameRestored)
    let back = reactor.reduce(state: edited, mutation: .setUsername("octocat", .validating))
    #expect(!back.isUsernameRestored)
  }

  @Test func anAvailabilityAnswerForTheCurrentUsernameLands() {
    var state = reactor.initialState
    state.username = "octocat"
    state.usernameValidation = .validating
    let next = reactor.reduce(
      state: state, mutation: .setAvailability(.failed("taken"), username: "octocat"))
    #expect(next.usernameValidation == .failed("taken"))
  }

  @Test func anAvailabilityAnswerForAnOlderUsernameIsDropped() {
    var state = reactor.initialState
    state.username = "octocat"
    state.usernameValidation = .validating
    let next = reactor.reduce(
      state: state, mutation: .setAvailability(.ok("available"), username: "octo"))
    #expect(next == state)
  }

  @Test func settingThePasswordUpdatesItsVerdictAndChecklist() {
    let state = reactor.reduce(
      state: reactor.initialState,
      mutation: reactor.passwordEdit("hunter2x", in: reactor.initialState))
    #expect(state.passwordValidation == .ok("Password meets the requirements"))
    #expect(state.passwordChecklist.map(\.isMet) == [false, true, true, true])
    #expect(state.repeatedPasswordValidation == .empty)
  }

  @Test func aPasswordBelowThePolicyFailsWithThePolicyInWords() {
    let state = reactor.reduce(
      state: reactor.initialState, mutation: reactor.passwordEdit("short", in: reactor.initialState)
    )
    #expect(
      state.passwordValidation
        == .failed(
          "Use at least 15 characters, or at least 8 characters, a number and a lowercase letter"))
  }

  @Test func changingThePasswordRechecksTheRepeat() {
    var state = reactor.reduce(
      state: reactor.initialState,
      mutation: reactor.passwordEdit("hunter2x", in: reactor.initialState))
    state = reactor.reduce(state: state, mutation: reactor.repeatEdit("hunter2x", in: state))
    #expect(state.repeatedPasswordValidation == .ok("Passwords match"))

    state = reactor.reduce(state: state, mutation: reactor.passwordEdit("hunter2xy", in: state))
    #expect(state.repeatedPasswordValidation == .failed("Doesn't match the password"))

    state = reactor.reduce(state: state, mutation: reactor.passwordEdit("hunter2x", in: state))
    #expect(state.repeatedPasswordValidation == .ok("Passwords match"))
  }

  @Test func settingTheRepeatComparesItWithThePassword() {
    var state = reactor.reduce(
      state: reactor.initialState,
      mutation: reactor.passwordEdit("hunter2x", in: reactor.initialState))
    state = reactor.reduce(state: state, mutation: reactor.repeatEdit("hunter", in: state))
    #expect(state.repeatedPassword == "hunter")
    #expect(state.repeatedPasswordValidation == .failed("Doesn't match the password"))
    state = reactor.reduce(state: state, mutation: reactor.repeatEdit("", in: state))
    #expect(state.repeatedPasswordValidation == .empty)
  }

  @Test func startingASignUpMarksItInFlightAndDisablesTheButton() {
    let state = reactor.reduce(state: validState(), mutation: .startSigningUp)
    #expect(state.isSigningUp)
    #expect(!state.canSignUp)
  }

  @Test func aFailedSignUpPublishesTheOutcomeOnceAndLeavesTheFormReady() {
    var state = reactor.reduce(state: validState(), mutation: .startSigningUp)
    state = reactor.reduce(
      state: state, mutation: .finishSigningUp(.failed("Try again"), username: "octocat"))
    #expect(!state.isSigningUp)
    #expect(state.outcome == .failed("Try again"))
    #expect(state.$outcome.updateCount == 1)
    #expect(state.signedUpUsernames.isEmpty)
    #expect(state.canSignUp)
  }

  @Test func aSuccessfulSignUpFinishesTheFormWithTheNameAsTheUsersOwnAndNoSecondSignUp() {
    var state = validState()
    state.username = "OctoCat"
    state = reactor.reduce(state: state, mutation: .startSigningUp)
    state = reactor.reduce(
      state: state, mutation: .finishSigningUp(.succeeded("Welcome"), username: "OctoCat"))
    #expect(state.outcome == .succeeded("Welcome"))
    #expect(state.signedUpUsernames == ["octocat"])
    // One coherent state: the name is the user's (not "taken", not a ✗), the form is finished.
    #expect(state.usernameValidation == .ok("OctoCat is your account"))
    #expect(state.isSignedUp)
    #expect(!state.canSignUp)

    // A late "available" for the same name changes nothing.
    let late = reactor.reduce(
      state: state, mutation: .setAvailability(.ok("OctoCat is available"), username: "OctoCat"))
    #expect(late == state)
  }

  @Test func aSuccessForANameTypedOverMeanwhileLeavesTheNewNameAlone() {
    var state = reactor.reduce(state: validState(), mutation: .startSigningUp)
    state = reactor.reduce(state: state, mutation: .setUsername("octocat-3", .validating))
    state = reactor.reduce(
      state: state, mutation: .finishSigningUp(.succeeded("Welcome"), username: "octocat"))
    #expect(state.signedUpUsernames == ["octocat"])
    #expect(state.usernameValidation == .validating)
    #expect(!state.isSignedUp)
  }

  @Test func aFailedSignUpLeavesTheFormUnfinished() {
    var state = reactor.reduce(state: validState(), mutation: .startSigningUp)
    state = reactor.reduce(
      state: state, mutation: .finishSigningUp(.failed("Try again"), username: "octocat-2"))
    #expect(!state.isSignedUp)
    #expect(state.usernameValidation == .ok("available"))
  }

  @Test(arguments: [
    (ValidationResult.ok("a"), ValidationResult.ok("b"), ValidationResult.ok("c"), false, true),
    (.validating, .ok("b"), .ok("c"), false, false),
    (.failed("a"), .ok("b"), .ok("c"), false, false),
    (.ok("a"), .failed("b"), .ok("c"), false, false),
    (.ok("a"), .ok("b"), .empty, false, false),
    (.ok("a"), .ok("b"), .ok("c"), true, false),
  ])
  func signUpIsPossibleOnlyWhenAllThreeAreValidAndNoneIsInFlight(
    username: ValidationResult, password: ValidationResult, repeated: ValidationResult,
    isSigningUp: Bool, expected: Bool
  ) {
    var state = reactor.initialState
    state.usernameValidation = username
    state.passwordValidation = password
    state.repeatedPasswordValidation = repeated
    state.isSigningUp = isSigningUp
    #expect(state.canSignUp == expected)
  }

  @Test func aSignedUpNameCannotSignUpEvenWithEveryVerdictOk() {
    var state = validState()
    state.signedUpUsernames = ["octocat-2"]
    #expect(state.isSignedUp)
    #expect(!state.canSignUp)
  }

  @Test func theChecklistReadsAsThePolicysAlternativesEachMetOrNot() {
    let state = reactor.reduce(
      state: reactor.initialState,
      mutation: reactor.passwordEdit("abcdefg1", in: reactor.initialState))
    #expect(state.passwordPolicy == .github)
    let alternatives = state.passwordAlternatives
    #expect(
      alternatives.map { $0.map(\.description) } == [
        ["at least 15 characters"], ["at least 8 characters", "a number", "a lowercase letter"],
      ])
    #expect(alternatives.map { $0.map(\.isMet) } == [[false], [true, true, true]])
  }

  @Test func aRequirementSharedByTwoAlternativesIsMetInBoth() {
    let policy = PasswordPolicy(anyOf: [
      [.minimumLength(8), .digit], [.minimumLength(8), .uppercaseLetter],
    ])
    let reactor = SignupReactor(
      availability: UsernameAvailabilityClient { _ in .available },
      signup: SignupClient { _, _ in }, passwordPolicy: policy)
    let state = reactor.reduce(
      state: reactor.initialState,
      mutation: reactor.passwordEdit("abcdefgh", in: reactor.initialState))
    #expect(state.passwordAlternatives.map { $0.map(\.isMet) } == [[true, false], [true, false]])
  }

  @Test func theInitialChecklistListsEveryRequirementUnmet() {
    #expect(
      reactor.initialState.passwordChecklist.map(\.description) == [
        "at least 15 characters", "at least 8 characters", "a number", "a lowercase letter",
      ])
    #expect(reactor.initialState.passwordChecklist.allSatisfy { !$0.isMet })
  }

  private func validState() -> SignupReactor.State {
    var state = reactor.initialState
    state.username = "octocat-2"
    state.usernameValidation = .ok("available")
    state.passwordValidation = .ok("fine")
    state.repeatedPasswordValidation = .ok("match")
    return state
  }
}

@Suite(.timeLimit(.minutes(1)))
struct SignupReactorUsernameTests {
  let clock = TestClock()
  let availability = ControlledAvailability()

  func makeStore(debounce: Duration = .milliseconds(300)) -> TestStore<SignupReactor> {
    TestStore(
      SignupReactor(
        availability: availability.client, signup: SignupClient { _, _ in },
        debounce: debounce, clock: clock))
  }

  @Test func aValidNameIsCheckedAfterTheTypingPauses() async {
    let store = makeStore()
    await store.send(.updateUsername("octocat")) {
      $0.username = "octocat"
      $0.usernameValidation = .validating
    }
    await clock.advance(by: .milliseconds(299))
    // Still pending: the check sleeps on the clock. Its task may start only after `advance`
    // returns (the deadline was fixed at `send`), so wait for the sleep rather than count now.
    await clock.waitForSleepers()
    await clock.advance(by: .milliseconds(1))
    #expect(await availability.calls.next() == "octocat")
    availability.answer("octocat", with: .success(.taken))
    await store.receive(.setAvailability(.failed("octocat is already taken"), username: "octocat"))
    {
      $0.usernameValidation = .failed("octocat is already taken")
    }
    await store.finish()
  }

  @Test func anAvailableNameIsOk() async {
    let store = makeStore()
    await store.send(.updateUsername("octocat-2")) {
      $0.username = "octocat-2"
      $0.usernameValidation = .validating
    }
    await clock.advance(by: .milliseconds(300))
    #expect(await availability.calls.next() == "octocat-2")
    availability.answer("octocat-2", with: .success(.available))
    await store.receive(.setAvailability(.ok("octocat-2 is available"), username: "octocat-2")) {
      $0.usernameValidation = .ok("octocat-2 is available")
    }
    await store.finish()
  }

  @Test func typingFastSendsOneRequestForTheLastName() async {
    let store = makeStore()
    for prefix in ["o", "oc", "oct", "octo"] {
      await store.send(.updateUsername(prefix)) {
        $0.username = prefix
        $0.usernameValidation = .validating
      }
      await clock.advance(by: .milliseconds(100))
    }
    await clock.advance(by: .milliseconds(200))
    #expect(await availability.calls.next() == "octo")
    availability.answer("octo", with: .success(.available))
    await store.receive(.setAvailability(.ok("octo is available"), username: "octo")) {
      $0.usernameValidation = .ok("octo is available")
    }
    await store.finish()
    // The earlier names were cancelled while they waited: none of them reached the client.
    #expect(availability.cancelled.isEmpty)
  }

  @Test func aStaleAnswerNeverOverwritesANewerName() async {
    let store = makeStore()
    await store.send(.updateUsername("octo")) {
      $0.username = "octo"
      $0.usernameValidation = .validating
    }
    await clock.advance(by: .milliseconds(300))
    #expect(await availability.calls.next() == "octo")

    // While "octo" is in flight, the user types on; the old check is cancelled...
    await store.send(.updateUsername("octocat")) { $0.username = "octocat" }
    #expect(availability.cancelled == ["octo"])
    await clock.advance(by: .milliseconds(300))
    #expect(await availability.calls.next() == "octocat")

    // ...and even when the server answers the old request last, its answer never lands.
    availability.answer("octocat", with: .success(.taken))
    await store.receive(.setAvailability(.failed("octocat is already taken"), username: "octocat"))
    {
      $0.usernameValidation = .failed("octocat is already taken")
    }
    availability.answer("octo", with: .success(.available))
    await store.finish()
    #expect(store.reactor.currentState.usernameValidation == .failed("octocat is already taken"))
  }

  @Test func aNameBreakingARuleFailsAtOnceAndCancelsThePendingCheck() async {
    let store = makeStore()
    await store.send(.updateUsername("octo")) {
      $0.username = "octo"
      $0.usernameValidation = .validating
    }
    await store.send(.updateUsername("octo-")) {
      $0.username = "octo-"
      $0.usernameValidation = .failed("Don't end with a hyphen")
    }
    #expect(clock.sleeperCount == 0)
    await store.finish()
  }

  @Test func clearingTheNameEmptiesTheVerdictAndCancelsTheCheckInFlight() async {
    let store = makeStore()
    await store.send(.updateUsername("octo")) {
      $0.username = "octo"
      $0.usernameValidation = .validating
    }
    await clock.advance(by: .milliseconds(300))
    #expect(await availability.calls.next() == "octo")
    await store.send(.updateUsername("")) {
      $0.username = ""
      $0.usernameValidation = .empty
    }
    #expect(availability.cancelled == ["octo"])
    availability.answer("octo", with: .success(.available))
    await store.finish()
  }

  @Test(arguments: [
    AvailabilityCheckError.rateLimited, .forbidden, .serverError(status: 503),
    .unexpectedStatus(301), .timedOut(after: .seconds(10)), .unreachable(host: "api.github.com"),
    .failed(reason: "the connection to api.github.com broke before the answer was complete"),
  ])
  func aFailedCheckSaysCouldntCheckNeverTaken(error: AvailabilityCheckError) async {
    let store = makeStore()
    await store.send(.updateUsername("octocat")) {
      $0.username = "octocat"
      $0.usernameValidation = .validating
    }
    await clock.advance(by: .milliseconds(300))
    #expect(await availability.calls.next() == "octocat")
    availability.answer("octocat", with: .failure(error))
    await store.receive(.setAvailability(.failed(error.description), username: "octocat")) {
      $0.usernameValidation = .failed(error.description)
    }
    await store.finish()
    #expect(error.description.hasPrefix("Couldn't check availability"))
    #expect(!error.description.contains("taken"))
  }

  @Test func anUnexpectedErrorIsReportedAsCouldntCheck() async {
    let store = makeStore()
    await store.send(.updateUsername("octocat")) {
      $0.username = "octocat"
      $0.usernameValidation = .validating
    }
    await clock.advance(by: .milliseconds(300))
    #expect(await availability.calls.next() == "octocat")
    availability.answer("octocat", with: .failure(SomeOtherError()))
    let message = "Couldn't check availability: the cable was unplugged"
    await store.receive(.setAvailability(.failed(message), username: "octocat")) {
      $0.usernameValidation = .failed(message)
    }
    await store.finish()
  }

  @Test func theSameNameTypedAgainIsCheckedAgain() async {
    let store = makeStore()
    await store.send(.updateUsername("octocat")) {
      $0.username = "octocat"
      $0.usernameValidation = .validating
    }
    await clock.advance(by: .milliseconds(300))
    #expect(await availability.calls.next() == "octocat")
    let timedOut = AvailabilityCheckError.timedOut(after: .seconds(10)).description
    availability.answer(
      "octocat", with: .failure(AvailabilityCheckError.timedOut(after: .seconds(10))))
    await store.receive(.setAvailability(.failed(timedOut), username: "octocat")) {
      $0.usernameValidation = .failed(timedOut)
    }

    await store.send(.updateUsername("octocat")) { $0.usernameValidation = .validating }
    await clock.advance(by: .milliseconds(300))
    #expect(await availability.calls.next() == "octocat")
    availability.answer("octocat", with: .success(.available))
    await store.receive(.setAvailability(.ok("octocat is available"), username: "octocat")) {
      $0.usernameValidation = .ok("octocat is available")
    }
    await store.finish()
  }

  @Test func theDebounceIntervalIsConfigurable() async {
    let store = makeStore(debounce: .milliseconds(50))
    await store.send(.updateUsername("octocat")) {
      $0.username = "octocat"
      $0.usernameValidation = .validating
    }
    await clock.advance(by: .milliseconds(50))
    #expect(await availability.calls.next() == "octocat")
    availability.answer("octocat", with: .success(.taken))
    await store.receive(.setAvailability(.failed("octocat is already taken"), username: "octocat"))
    {
      $0.usernameValidation = .failed("octocat is already taken")
    }
    await store.finish()
  }

  @Test func aReactorReleasedMidCheckLeavesNothingRunning() async {
    let clock = clock
    let slowGitHub = UsernameAvailabilityClient { _ in
      try await clock.sleep(for: .seconds(60))
      return .available
    }
    await withLeakCheck(
      SignupReactor(availability: slowGitHub, signup: SignupClient { _, _ in }, clock: clock)
    ) { reactor in
      reactor.send(.updateUsername("octocat"))
      await clock.advance(by: .milliseconds(300))
      await clock.waitForSleepers()  // the check is in flight when the reactor goes
    }
  }
}

@Suite(.timeLimit(.minutes(1)))
struct SignupReactorPasswordTests {
  func makeStore(policy: PasswordPolicy = .github) -> TestStore<SignupReactor> {
    TestStore(
      SignupReactor(
        availability: UsernameAvailabilityClient { _ in .available },
        signup: SignupClient { _, _ in }, passwordPolicy: policy))
  }

  @Test func typingThePasswordFillsInTheChecklist() async {
    let store = makeStore()
    await store.send(.updatePassword("hunter")) {
      $0.password = "hunter"
      $0.passwordValidation = .failed(
        "Use at least 15 characters, or at least 8 characters, a number and a lowercase letter")
      $0.passwordChecklist[3].isMet = true
    }
    await store.send(.updatePassword("hunter2x")) {
      $0.password = "hunter2x"
      $0.passwordValidation = .ok("Password meets the requirements")
      $0.passwordChecklist[1].isMet = true
      $0.passwordChecklist[2].isMet = true
    }
    await store.finish()
  }

  @Test func thePolicyIsConfigurable() async {
    let store = makeStore(policy: PasswordPolicy(allOf: [.minimumLength(8), .uppercaseLetter]))
    #expect(
      store.state.passwordChecklist.map(\.description) == [
        "at least 8 characters", "an uppercase letter",
      ])
    await store.send(.updatePassword("longenough")) {
      $0.password = "longenough"
      $0.passwordValidation = .failed("Use at least 8 characters and an uppercase letter")
      $0.passwordChecklist[0].isMet = true
    }
    await store.send(.updatePassword("Longenough")) {
      $0.password = "Longenough"
      $0.passwordValidation = .ok("Password meets the requirements")
      $0.passwordChecklist[1].isMet = true
    }
    await store.finish()
  }

  @Test func typingThePasswordAfterTheRepeatRechecksTheRepeat() async {
    let store = makeStore(policy: .minimumLength(4))
    await store.send(.updateRepeatedPassword("hunter2x")) {
      $0.repeatedPassword = "hunter2x"
      $0.repeatedPasswordValidation = .failed("Doesn't match the password")
    }
    await store.send(.updatePassword("hunter2x")) {
      $0.password = "hunter2x"
      $0.passwordValidation = .ok("Password meets the requirements")
      $0.passwordChecklist[0].isMet = true
      $0.repeatedPasswordValidation = .ok("Passwords match")
    }
    await store.send(.updatePassword("hunter2")) {
      $0.password = "hunter2"
      $0.repeatedPasswordValidation = .failed("Doesn't match the password")
    }
    await store.finish()
  }

  @Test func diagnosticsNeverPrintAPassword() async {
    let lines = LockedLines()
    let reactor = SignupReactor(
      availability: UsernameAvailabilityClient { _ in .available },
      signup: SignupClient { _, _ in },
      clock: ImmediateClock(),
      diagnostics: ReactorDiagnostics { event in lines.append(event.description) })
    reactor.send(.updateUsername("octocat-2"))
    reactor.send(.updatePassword("s3cret-horse-battery"))
    reactor.send(.updateRepeatedPassword("s3cret-horse-battery"))
    await reactor.waitUntilIdle()
    reactor.send(.signUp)
    await reactor.waitUntilIdle()
    let all = lines.all
    #expect(all.contains { $0.contains("octocat-2") })
    #expect(all.contains { $0.contains("finishSigningUp") })
    #expect(!all.contains { $0.contains("s3cret") })
  }
}

@Suite(.timeLimit(.minutes(1)))
struct SignupReactorSignUpTests {
  let clock = TestClock()
  let signup = ControlledSignup()
  static let welcome = "Welcome, octocat-2! Your account was created"
  static let failure = "Sign-up failed: the simulated service failed; try again"

  /// A store whose three fields are valid, the username check answered.
  func makeValidStore() async -> TestStore<SignupReactor> {
    let store = TestStore(
      SignupReactor(
        availability: UsernameAvailabilityClient { _ in .available }, signup: signup.client,
        passwordPolicy: .minimumLength(8), clock: clock))
    await store.send(.updateUsername("octocat-2")) {
      $0.username = "octocat-2"
      $0.usernameValidation = .validating
    }
    await store.send(.updatePassword("hunter2x")) {
      $0.password = "hunter2x"
      $0.passwordValidation = .ok("Password meets the requirements")
      $0.passwordChecklist[0].isMet = true
    }
    await store.send(.updateRepeatedPassword("hunter2x")) {
      $0.repeatedPassword = "hunter2x"
      $0.repeatedPasswordValidation = .ok("Passwords match")
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.setAvailability(.ok("octocat-2 is available"), username: "octocat-2")) {
      $0.usernameValidation = .ok("octocat-2 is available")
    }
    #expect(store.state.canSignUp)
    return store
  }

  @Test func signingUpShowsActivityThenTheOutcome() async {
    let store = await makeValidStore()
    await store.send(.signUp) { $0.isSigningUp = true }
    #expect(await signup.calls.next() == "octocat-2")
    signup.answer(.success(()))
    await store.receive(.finishSigningUp(.succeeded(Self.welcome), username: "octocat-2")) {
      $0.isSigningUp = false
      $0.outcome = .succeeded(Self.welcome)
      $0.signedUpUsernames = ["octocat-2"]
      $0.usernameValidation = .ok("octocat-2 is your account")
    }
    await store.finish()
  }

  @Test func aFailedSignUpIsAnnouncedAndCanBeRetried() async {
    let store = await makeValidStore()
    await store.send(.signUp) { $0.isSigningUp = true }
    #expect(await signup.calls.next() == "octocat-2")
    signup.answer(.failure(SimulatedSignupError()))
    await store.receive(.finishSigningUp(.failed(Self.failure), username: "octocat-2")) {
      $0.isSigningUp = false
      $0.outcome = .failed(Self.failure)
    }
    #expect(store.state.canSignUp)

    await store.send(.signUp) { $0.isSigningUp = true }
    #expect(await signup.calls.next() == "octocat-2")
    signup.answer(.success(()))
    await store.receive(.finishSigningUp(.succeeded(Self.welcome), username: "octocat-2")) {
      $0.isSigningUp = false
      $0.outcome = .succeeded(Self.welcome)
      $0.signedUpUsernames = ["octocat-2"]
      $0.usernameValidation = .ok("octocat-2 is your account")
    }
    await store.finish()
  }

  @Test func pressingSignUpWhileOneIsInFlightChangesNothing() async {
    let store = await makeValidStore()
    await store.send(.signUp) { $0.isSigningUp = true }
    #expect(await signup.calls.next() == "octocat-2")
    await store.send(.signUp)
    await store.send(.signUp)
    signup.answer(.success(()))
    await store.receive(.finishSigningUp(.succeeded(Self.welcome), username: "octocat-2")) {
      $0.isSigningUp = false
      $0.outcome = .succeeded(Self.welcome)
      $0.signedUpUsernames = ["octocat-2"]
      $0.usernameValidation = .ok("octocat-2 is your account")
    }
    await store.finish()
    #expect(signup.usernames == ["octocat-2"])
  }

  @Test func pressingSignUpOnAMismatchedRepeatChangesNothing() async {
    let store = await makeValidStore()
    await store.send(.updateRepeatedPassword("hunter2y")) {
      $0.repeatedPassword = "hunter2y"
      $0.repeatedPasswordValidation = .failed("Doesn't match the password")
    }
    await store.send(.signUp)
    await store.finish()
    #expect(signup.usernames.isEmpty)
  }

  @Test func pressingSignUpOnAnEmptyFormChangesNothing() async {
    let store = TestStore(
      SignupReactor(
        availability: UsernameAvailabilityClient { _ in .available }, signup: signup.client,
        clock: clock))
    await store.send(.signUp)
    await store.finish()
    #expect(signup.usernames.isEmpty)
  }

  @Test func pressingSignUpWhileTheUsernameIsBeingCheckedChangesNothing() async {
    let store = await makeValidStore()
    await store.send(.updateUsername("octocat-3")) {
      $0.username = "octocat-3"
      $0.usernameValidation = .validating
    }
    await store.send(.signUp)
    await clock.advance(by: .milliseconds(300))
    await store.receive(.setAvailability(.ok("octocat-3 is available"), username: "octocat-3")) {
      $0.usernameValidation = .ok("octocat-3 is available")
    }
    await store.finish()
    #expect(signup.usernames.isEmpty)
  }

  @Test func manyConcurrentPressesStartOneSignUp() async {
    let store = await makeValidStore()
    let reactor = store.reactor
    store.exhaustivity = .off
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<64 {
        group.addTask { reactor.send(.signUp) }
      }
    }
    #expect(await signup.calls.next() == "octocat-2")
    signup.answer(.success(()))
    await reactor.waitUntilIdle()
    #expect(signup.usernames == ["octocat-2"])
    #expect(reactor.currentState.$outcome.updateCount == 1)
  }

  @Test func theOutcomeReachesAPulseObserverOnceAndIsNotReplayedLater() async {
    let store = await makeValidStore()
    let reactor = store.reactor
    store.exhaustivity = .off
    var outcomes = reactor.pulse(\.$outcome).makeAsyncIterator()
    reactor.send(.signUp)
    #expect(await signup.calls.next() == "octocat-2")
    signup.answer(.failure(SimulatedSignupError()))
    #expect(await outcomes.next() == .failed(Self.failure))

    // A subscriber that arrives later is not handed the first outcome again.
    var lateOutcomes = reactor.pulse(\.$outcome).makeAsyncIterator()
    reactor.send(.signUp)
    #expect(await signup.calls.next() == "octocat-2")
    signup.answer(.success(()))
    #expect(await lateOutcomes.next() == .succeeded(Self.welcome))
    #expect(await outcomes.next() == .succeeded(Self.welcome))
  }

  @Test func aSignedUpNameIsTheUsersOwnFromThenOnWithoutAskingTheServer() async {
    let store = await makeValidStore()
    await store.send(.signUp) { $0.isSigningUp = true }
    #expect(await signup.calls.next() == "octocat-2")
    signup.answer(.success(()))
    await store.receive(.finishSigningUp(.succeeded(Self.welcome), username: "octocat-2")) {
      $0.isSigningUp = false
      $0.outcome = .succeeded(Self.welcome)
      $0.signedUpUsernames = ["octocat-2"]
      $0.usernameValidation = .ok("octocat-2 is your account")
    }
    // A second press does nothing: the form is finished.
    await store.send(.signUp)

    await store.send(.updateUsername("octocat-3")) {
      $0.username = "octocat-3"
      $0.usernameValidation = .validating
    }
    // Typed again, in any case, it is the user's own at once: no debounce, no request.
    await store.send(.updateUsername("OctoCat-2")) {
      $0.username = "OctoCat-2"
      $0.usernameValidation = .ok("OctoCat-2 is your account")
    }
    #expect(!store.state.canSignUp)
    await clock.advance(by: .seconds(1))
    await store.finish()
    #expect(signup.usernames == ["octocat-2"])
  }
}

/// Lines collected from any thread.
final class LockedLines: @unchecked Sendable {
  // Safe: `lines` is touched only with `lock` held.
  private let lock = NSLock()
  private var lines: [String] = []

  func append(_ line: String) {
    lock.withLock { lines.append(line) }
  }

  var all: [String] {
    lock.withLock { lines }
  }
}

@Suite(.timeLimit(.minutes(1)))
struct SignupReactorRecordingTests {
  @Test func aRecordedSessionReplaysIntoTheSameStatesWithoutThePasswords() async throws {
    // Given a session recorded with both passwords typed and a username checked
    let lines = LockedLines()
    let states = LockedStates()
    let reactor = SignupReactor(
      availability: UsernameAvailabilityClient { _ in .available },
      signup: SignupClient { _, _ in }, clock: ImmediateClock(),
      recorder: .jsonLines(for: SignupReactor.self, writeLine: lines.append))
    let observation = reactor.observe { states.append($0) }
    defer { observation.cancel() }
    reactor.send(.updatePassword("hunter2hunter2"))
    reactor.send(.updateRepeatedPassword("hunter2hunter"))
    reactor.send(.updateRepeatedPassword("hunter2hunter2"))
    reactor.send(.updateUsername("octocat-2"))
    await reactor.waitUntilIdle()
    // When its mutations are replayed
    let text = lines.all.joined(separator: "\n")
    let recording = try Recording<SignupReactor>(jsonLines: text)
    let replayed = reactor.replay(recording.mutations)
    // Then every verdict, the checklist and `canSignUp` are the session's; only the texts of
    // the passwords, which the recording redacted, differ
    #expect(!text.contains("hunter2"))
    let recorded = Array(states.all.dropFirst())
    #expect(replayed.count == recorded.count)
    #expect(replayed.last?.canSignUp == true)
    #expect(replayed.last?.password == Redaction.marker)
    for (replayedState, recordedState) in zip(replayed, recorded) {
      var expected = recordedState
      // Both texts travel together in `setMaskedFields`, so both replay as the marker.
      expected.password = Redaction.marker
      expected.repeatedPassword = Redaction.marker
      #expect(replayedState == expected)
    }
  }
}

/// States collected from any thread.
final class LockedStates: @unchecked Sendable {
  // Safe: `states` is touched only with `lock` held.
  private let lock = NSLock()
  private var states: [SignupReactor.State] = []

  func append(_ state: SignupReactor.State) {
    lock.withLock { states.append(state) }
  }

  var all: [SignupReactor.State] {
    lock.withLock { states }
  }
}
