import Foundation
import ReactorsPersistence
import ReactorsTesting
import SignupKit
import Testing

@Suite(.timeLimit(.minutes(1)))
struct SignupReactorSavedTests {
  let reactor = SignupReactor(
    availability: UsernameAvailabilityClient { _ in .available },
    signup: SignupClient { _, _ in })

  @Test func onlyTheUsernameIsSavedNeverAPassword() throws {
    var state = reactor.initialState
    state.username = "octocat"
    state.password = "hunter2hunter2"
    state.repeatedPassword = "hunter2hunter2"
    let saved = SignupReactor.saved(from: state)
    #expect(saved == SignupReactor.Saved(username: "octocat"))
    let json = String(decoding: try JSONEncoder().encode(saved), as: UTF8.self)
    #expect(json == #"{"username":"octocat"}"#)
  }

  @Test func aSignedUpNameIsAnAccountNotADraftSoNothingIsSaved() {
    var state = reactor.initialState
    state.username = "Octocat"
    state.signedUpUsernames = ["octocat"]
    #expect(SignupReactor.saved(from: state) == SignupReactor.Saved(username: ""))
  }

  @Test func theRestoredDraftIsPutIntoTheInitialStateMarkedRestored() {
    let state = SignupReactor.restoring(.init(username: "octocat"), into: reactor.initialState)
    var expected = reactor.initialState
    expected.username = "octocat"
    expected.isUsernameRestored = true
    #expect(state == expected)
    #expect(SignupReactor.saved(from: state) == SignupReactor.Saved(username: "octocat"))
  }

  @Test(arguments: ["", "evil\u{1B}[2J", String(repeating: "a", count: 101)])
  func aDraftNoOneCouldHaveTypedIsLeftOut(username: String) {
    let state = SignupReactor.restoring(.init(username: username), into: reactor.initialState)
    #expect(state == reactor.initialState)
  }
}

// MARK: - Through a state file, as the app keeps it

@Suite(.timeLimit(.minutes(1)))
struct SignupReactorStateFileTests {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("SignupKitTests-\(UUID().uuidString)", isDirectory: true)
  var url: URL { directory.appendingPathComponent("signup.json") }

  func reactor() throws -> (SignupReactor, StateFile<SignupReactor>) {
    let file = try StateFile<SignupReactor>(at: url)
    let reactor = SignupReactor(
      availability: UsernameAvailabilityClient { _ in .available },
      signup: SignupClient { _, _ in }, debounce: .zero, clock: ImmediateClock(),
      stateFile: file)
    return (reactor, file)
  }

  @Test func theDraftIsSavedWithoutThePasswordAndTheNextRunStartsMarkedRestored() async throws {
    defer { try? FileManager.default.removeItem(at: directory) }
    do {
      let (first, file) = try reactor()
      first.send(.updateUsername("mona"))
      first.send(.updatePassword("correct horse battery"))
      await first.waitUntilIdle()
      await file.flush()
      let text = try String(contentsOf: url, encoding: .utf8)
      #expect(text.contains("mona"))
      #expect(!text.contains("horse"))
    }

    let (second, file) = try reactor()
    #expect(file.restored == SignupReactor.Saved(username: "mona"))
    #expect(second.currentState.username == "mona")
    #expect(second.currentState.isUsernameRestored)
    #expect(second.currentState.password.isEmpty)
  }
}
