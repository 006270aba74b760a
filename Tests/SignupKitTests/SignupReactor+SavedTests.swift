import Foundation
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
