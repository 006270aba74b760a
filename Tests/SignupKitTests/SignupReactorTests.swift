import Foundation
import ReactorsTesting
import SignupKit
import Testing

@Suite struct SignupReactorReduceTests {
  let reactor = SignupReactor(
    availability: UsernameAvailabilityClient { _ in .available },
    signup: SignupClient { _, _ in })

  @Test func settingTheUsernameStoresTheTextAndItsVerdict() {
    let state = reactor.reduce(
      state: reactor.initialState, mutation: .setUsername("octocat", .validating))
    #expect(state.username == "octocat")
    #expect(state.usernameValidation == .validating)
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
    let state = reactor.reduce(state: reactor.initialState, mutation: .setPassword("hunter2x"))
    #expect(state.passwordValidation == .ok("Password meets the requirements"))
    #expect(state.passwordChecklist.map(\.isMet) == [false, true, true, true])
    #expect(state.repeatedPasswordValidation == .empty)
  }

  @Test func aPasswordBelowThePolicyFailsWithThePolicyInWords() {
    let state = reactor.reduce(state: reactor.initialState, mutation: .setPassword("short"))
    #expect(
      state.passwordValidation
        == .failed(
          "Use at least 15 characters, or at least 8 characters, a number and a lowercase letter"))
  }

  @Test func changingThePasswordRechecksTheRepeat() {
    var state = reactor.reduce(state: reactor.initialState, mutation: .setPassword("hunter2x"))
    state = reactor.reduce(state: state, mutation: .setRepeatedPassword("hunter2x"))
    #expect(state.repeatedPasswordValidation == .ok("Passwords match"))

    state = reactor.reduce(state: state, mutation: .setPassword("hunter2xy"))
    #expect(state.repeatedPasswordValidation == .failed("Doesn't match the password"))

    state = reactor.reduce(state: state, mutation: .setPassword("hunter2x"))
    #expect(state.repeatedPasswordValidation == .ok("Passwords match"))
  }

  @Test func settingTheRepeatComparesItWithThePassword() {
    var state = reactor.reduce(state: reactor.initialState, mutation: .setPassword("hunter2x"))
    state = reactor.reduce(state: state, mutation: .setRepeatedPassword("hunter"))
    #expect(state.repeatedPassword == "hunter")
    #expect(state.repeatedPasswordValidation == .failed("Doesn't match the password"))
    state = reactor.reduce(state: state, mutation: .setRepeatedPassword(""))
    #expect(state.repeatedPasswordValidation == .empty)
  }

  @Test func startingASignUpMarksItInFlightAndDisablesTheButton() {
    let state = reactor.reduce(state: validState(), mutation: .startSigningUp)
    #expect(state.isSigningUp)
    #expect(!state.canSignUp)
  }

  @Test func finishingASignUpPublishesTheOutcomeOnce() {
    var state = reactor.reduce(state: validState(), mutation: .startSigningUp)
    state = reactor.reduce(state: state, mutation: .finishSigningUp(.succeeded("Welcome")))
    #expect(!state.isSigningUp)
    #expect(state.outcome == .succeeded("Welcome"))
    #expect(state.$outcome.updateCount == 1)
    #expect(state.canSignUp)
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

@Suite struct SignupReactorUsernameTests {
  let clock = TestClock()
  let availability = ControlledAvailability()

  func makeReactor() -> SignupReactor {
    SignupReactor(
      availability: availability.client, signup: SignupClient { _, _ in }, clock: clock)
  }

  @Test func aValidNameIsCheckedAfterTheTypingPauses() async {
    let reactor = makeReactor()
    reactor.send(.updateUsername("octocat"))
    #expect(reactor.currentState.username == "octocat")
    #expect(reactor.currentState.usernameValidation == .validating)

    await clock.advance(by: .milliseconds(300))
    #expect(await availability.calls.next() == "octocat")
    availability.answer("octocat", with: .success(.taken))
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.usernameValidation == .failed("octocat is already taken"))
  }

  @Test func anAvailableNameIsOk() async {
    let reactor = makeReactor()
    reactor.send(.updateUsername("octocat-2"))
    await clock.advance(by: .milliseconds(300))
    #expect(await availability.calls.next() == "octocat-2")
    availability.answer("octocat-2", with: .success(.available))
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.usernameValidation == .ok("octocat-2 is available"))
  }

  @Test func typingFastSendsOneRequestForTheLastName() async {
    let reactor = makeReactor()
    for prefix in ["o", "oc", "oct", "octo"] {
      reactor.send(.updateUsername(prefix))
      await clock.advance(by: .milliseconds(100))
    }
    #expect(clock.sleeperCount <= 1)
    await clock.advance(by: .milliseconds(200))
    #expect(await availability.calls.next() == "octo")
    availability.answer("octo", with: .success(.available))
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.usernameValidation == .ok("octo is available"))
    #expect(availability.cancelled.isEmpty)
  }

  @Test func aStaleAnswerNeverOverwritesANewerName() async {
    let reactor = makeReactor()
    reactor.send(.updateUsername("octo"))
    await clock.advance(by: .milliseconds(300))
    #expect(await availability.calls.next() == "octo")

    // While "octo" is in flight, the user types on; the old check is cancelled...
    reactor.send(.updateUsername("octocat"))
    await clock.advance(by: .milliseconds(300))
    #expect(await availability.calls.next() == "octocat")
    #expect(availability.cancelled == ["octo"])

    // ...and even when the server answers the old request last, its answer never lands.
    availability.answer("octocat", with: .success(.taken))
    availability.answer("octo", with: .success(.available))
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.username == "octocat")
    #expect(reactor.currentState.usernameValidation == .failed("octocat is already taken"))
  }

  @Test func aNameBreakingARuleFailsAtOnceAndCancelsThePendingCheck() async {
    let reactor = makeReactor()
    reactor.send(.updateUsername("octo"))
    reactor.send(.updateUsername("octo-"))
    #expect(reactor.currentState.usernameValidation == .failed("Don't end with a hyphen"))
    await clock.run()
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.usernameValidation == .failed("Don't end with a hyphen"))
  }

  @Test func clearingTheNameEmptiesTheVerdictAndCancelsTheCheckInFlight() async {
    let reactor = makeReactor()
    reactor.send(.updateUsername("octo"))
    await clock.advance(by: .milliseconds(300))
    #expect(await availability.calls.next() == "octo")
    reactor.send(.updateUsername(""))
    #expect(reactor.currentState.usernameValidation == .empty)
    #expect(availability.cancelled == ["octo"])
    availability.answer("octo", with: .success(.available))
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.usernameValidation == .empty)
  }

  @Test(arguments: [
    AvailabilityCheckError.rateLimited, .forbidden, .serverError(status: 503),
    .unexpectedStatus(301), .timedOut, .unreachable(host: "api.github.com"),
  ])
  func aFailedCheckSaysCouldntCheckNeverTaken(error: AvailabilityCheckError) async {
    let reactor = makeReactor()
    reactor.send(.updateUsername("octocat"))
    await clock.advance(by: .milliseconds(300))
    #expect(await availability.calls.next() == "octocat")
    availability.answer("octocat", with: .failure(error))
    await reactor.waitUntilIdle()
    let verdict = reactor.currentState.usernameValidation
    #expect(verdict == .failed(error.description))
    #expect(verdict.message?.hasPrefix("Couldn't check availability") == true)
    #expect(verdict.message?.contains("taken") == false)
  }

  @Test func anUnexpectedErrorIsReportedAsCouldntCheck() async {
    let reactor = makeReactor()
    reactor.send(.updateUsername("octocat"))
    await clock.advance(by: .milliseconds(300))
    #expect(await availability.calls.next() == "octocat")
    availability.answer("octocat", with: .failure(SomeOtherError()))
    await reactor.waitUntilIdle()
    #expect(
      reactor.currentState.usernameValidation
        == .failed("Couldn't check availability: the cable was unplugged"))
  }

  @Test func theSameNameTypedAgainIsCheckedAgain() async {
    let reactor = makeReactor()
    reactor.send(.updateUsername("octocat"))
    await clock.advance(by: .milliseconds(300))
    #expect(await availability.calls.next() == "octocat")
    availability.answer("octocat", with: .failure(AvailabilityCheckError.timedOut))
    await reactor.waitUntilIdle()

    reactor.send(.updateUsername("octocat"))
    #expect(reactor.currentState.usernameValidation == .validating)
    await clock.advance(by: .milliseconds(300))
    #expect(await availability.calls.next() == "octocat")
    availability.answer("octocat", with: .success(.available))
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.usernameValidation == .ok("octocat is available"))
  }

  @Test func theDebounceIntervalIsConfigurable() async {
    let reactor = SignupReactor(
      availability: availability.client, signup: SignupClient { _, _ in },
      debounce: .milliseconds(50), clock: clock)
    reactor.send(.updateUsername("octocat"))
    await clock.advance(by: .milliseconds(50))
    #expect(await availability.calls.next() == "octocat")
    availability.answer("octocat", with: .success(.taken))
    await reactor.waitUntilIdle()
  }
}

@Suite struct SignupReactorPasswordTests {
  @Test func thePolicyIsConfigurable() {
    let reactor = SignupReactor(
      availability: UsernameAvailabilityClient { _ in .available },
      signup: SignupClient { _, _ in },
      passwordPolicy: PasswordPolicy(allOf: [.minimumLength(8), .uppercaseLetter]))
    reactor.send(.updatePassword("longenough"))
    #expect(reactor.currentState.passwordValidation.isValid == false)
    #expect(reactor.currentState.passwordChecklist.map(\.isMet) == [true, false])
    reactor.send(.updatePassword("Longenough"))
    #expect(reactor.currentState.passwordValidation.isValid)
  }

  @Test func typingThePasswordAfterTheRepeatRechecksTheRepeat() {
    let reactor = SignupReactor(
      availability: UsernameAvailabilityClient { _ in .available },
      signup: SignupClient { _, _ in })
    reactor.send(.updateRepeatedPassword("hunter2x"))
    #expect(reactor.currentState.repeatedPasswordValidation.isValid == false)
    reactor.send(.updatePassword("hunter2x"))
    #expect(reactor.currentState.repeatedPasswordValidation == .ok("Passwords match"))
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

@Suite struct SignupReactorSignUpTests {
  let clock = TestClock()
  let signup = ControlledSignup()

  /// A reactor whose three fields are valid, its username check answered.
  func makeValidReactor() async -> SignupReactor {
    let reactor = SignupReactor(
      availability: UsernameAvailabilityClient { _ in .available }, signup: signup.client,
      clock: clock)
    reactor.send(.updateUsername("octocat-2"))
    reactor.send(.updatePassword("hunter2x"))
    reactor.send(.updateRepeatedPassword("hunter2x"))
    await clock.advance(by: .milliseconds(300))
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.canSignUp)
    return reactor
  }

  @Test func signingUpShowsActivityThenTheOutcome() async {
    let reactor = await makeValidReactor()
    var outcomes = reactor.pulse(\.$outcome).makeAsyncIterator()
    reactor.send(.signUp)
    #expect(reactor.currentState.isSigningUp)
    #expect(!reactor.currentState.canSignUp)
    #expect(await signup.calls.next() == "octocat-2")

    signup.answer(.success(()))
    #expect(await outcomes.next() == .succeeded("Welcome, octocat-2! Your account was created"))
    #expect(!reactor.currentState.isSigningUp)
  }

  @Test func aFailedSignUpIsAnnouncedAndCanBeRetried() async {
    let reactor = await makeValidReactor()
    reactor.send(.signUp)
    #expect(await signup.calls.next() == "octocat-2")
    signup.answer(.failure(SimulatedSignupError()))
    await reactor.waitUntilIdle()
    #expect(
      reactor.currentState.outcome
        == .failed("Sign-up failed: the simulated service failed; try again"))
    #expect(reactor.currentState.canSignUp)

    reactor.send(.signUp)
    #expect(await signup.calls.next() == "octocat-2")
    signup.answer(.success(()))
    await reactor.waitUntilIdle()
    #expect(reactor.currentState.$outcome.updateCount == 2)
  }

  @Test func pressingSignUpWhileOneIsInFlightChangesNothing() async {
    let reactor = await makeValidReactor()
    reactor.send(.signUp)
    #expect(await signup.calls.next() == "octocat-2")
    let inFlight = reactor.currentState
    reactor.send(.signUp)
    reactor.send(.signUp)
    #expect(reactor.currentState == inFlight)
    signup.answer(.success(()))
    await reactor.waitUntilIdle()
    #expect(signup.usernames == ["octocat-2"])
  }

  @Test func pressingSignUpOnAnInvalidFormChangesNothing() async {
    let reactor = SignupReactor(
      availability: UsernameAvailabilityClient { _ in .available }, signup: signup.client,
      clock: clock)
    reactor.send(.updateUsername("octocat-2"))
    reactor.send(.updatePassword("hunter2x"))
    reactor.send(.updateRepeatedPassword("hunter2y"))
    await clock.advance(by: .milliseconds(300))
    await reactor.waitUntilIdle()
    let invalid = reactor.currentState
    reactor.send(.signUp)
    #expect(reactor.currentState == invalid)
    await reactor.waitUntilIdle()
    #expect(signup.usernames.isEmpty)
  }

  @Test func pressingSignUpWhileTheUsernameIsBeingCheckedChangesNothing() async {
    let reactor = await makeValidReactor()
    reactor.send(.updateUsername("octocat-3"))
    #expect(reactor.currentState.usernameValidation == .validating)
    let checking = reactor.currentState
    reactor.send(.signUp)
    #expect(reactor.currentState == checking)
    await clock.advance(by: .milliseconds(300))
    await reactor.waitUntilIdle()
    #expect(signup.usernames.isEmpty)
  }

  @Test func manyConcurrentPressesStartOneSignUp() async {
    let reactor = await makeValidReactor()
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

  @Test func theOutcomeIsNotReplayedToALateSubscriber() async {
    let reactor = await makeValidReactor()
    reactor.send(.signUp)
    #expect(await signup.calls.next() == "octocat-2")
    signup.answer(.success(()))
    await reactor.waitUntilIdle()

    var outcomes = reactor.pulse(\.$outcome).makeAsyncIterator()
    reactor.send(.updateUsername("octocat-3"))
    await clock.advance(by: .milliseconds(300))
    await reactor.waitUntilIdle()
    reactor.send(.signUp)
    #expect(await signup.calls.next() == "octocat-3")
    signup.answer(.failure(SimulatedSignupError()))
    // The first value this subscriber sees is the second outcome, not the first one again.
    #expect(
      await outcomes.next() == .failed("Sign-up failed: the simulated service failed; try again"))
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
