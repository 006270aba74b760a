import Foundation
import ReactorsTesting
import SignupKit
import Testing

@Suite(.timeLimit(.minutes(1)))
struct MaskedFieldsTests {
  @Test func theVerdictsFollowFromBothTextsUnderThePolicy() {
    let fields = MaskedFields(
      password: "hunter2x", repeatedPassword: "hunter2", policy: .github)
    #expect(fields.strength == .ok("Password meets the requirements"))
    #expect(fields.checklist.map(\.isMet) == [false, true, true, true])
    #expect(fields.match == .failed("Doesn't match the password"))
  }

  @Test func encodedTheTextsAreUnderKeysThatNameASecretAndTheVerdictsAreNot() throws {
    let fields = MaskedFields(password: "a", repeatedPassword: "b", policy: .github)
    let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(fields))
    let keys = try #require(json as? [String: Any]).keys.sorted()
    #expect(keys == ["checklist", "match", "password", "repeatedPassword", "strength"])
    #expect(keys.filter { Redaction.default.isSecret($0) } == ["password", "repeatedPassword"])
  }
}
