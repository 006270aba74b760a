import Foundation
import SignupKit
import Testing

@Suite(.timeLimit(.minutes(1)))
struct SignupJSONRendererTests {
  let reactor = SignupReactor(
    availability: UsernameAvailabilityClient { _ in .available }, signup: SignupClient { _, _ in })

  @Test func theInitialStateRendersAsDocumented() {
    let line = SignupJSONRenderer.render(reactor.initialState, outcome: nil)
    #expect(
      line
        == #"{"username":{"text":"","status":"empty","message":null},"#
        + #""password":{"status":"empty","message":null,"requirements":["#
        + #"{"description":"at least 15 characters","met":false},"#
        + #"{"description":"at least 8 characters","met":false},"#
        + #"{"description":"a number","met":false},"#
        + #"{"description":"a lowercase letter","met":false}]},"#
        + #""repeat":{"status":"empty","message":null},"#
        + #""canSignUp":false,"isSignedUp":false,"isSigningUp":false,"result":null}"#)
  }

  @Test func aFilledStateIsValidJSONWithoutThePasswords() throws {
    var state = reactor.initialState
    state = reactor.reduce(state: state, mutation: .setUsername("octo\"cat", .failed("taken")))
    state = reactor.reduce(
      state: state, mutation: reactor.passwordEdit("s3cret-horse-battery", in: state))
    state = reactor.reduce(
      state: state, mutation: reactor.repeatEdit("s3cret-horse-battery", in: state))
    let line = SignupJSONRenderer.render(state, outcome: .succeeded("Welcome"))
    #expect(!line.contains("s3cret"))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect((object["username"] as? [String: Any])?["text"] as? String == "octo\"cat")
    #expect((object["password"] as? [String: Any])?["status"] as? String == "ok")
    #expect((object["repeat"] as? [String: Any])?["message"] as? String == "Passwords match")
    #expect(object["result"] as? String == "succeeded")
    #expect(object["canSignUp"] as? Bool == false)
    #expect(object["isSignedUp"] as? Bool == false)
  }

  @Test func aFinishedFormSaysItIsSignedUp() throws {
    var state = reactor.initialState
    state = reactor.reduce(state: state, mutation: .setUsername("octocat-2", .ok("available")))
    state = reactor.reduce(
      state: state, mutation: .finishSigningUp(.succeeded("Welcome"), username: "octocat-2"))
    let line = SignupJSONRenderer.render(state, outcome: nil)
    #expect(line.contains(#""canSignUp":false,"isSignedUp":true,"#))
  }
}
