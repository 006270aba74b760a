import Testing

@testable import Reactors
@testable import ReactorsRecording

@Suite(.timeLimit(.minutes(1))) struct RedactionJSONTests {
  @Test func aKeyThatNamesASecretLosesItsValueAtAnyDepth() {
    let json: [String: Any] = [
      "user": "octocat",
      "nested": [["apiToken": "ghp_1", "count": 2]],
      "setPassword": ["_0": "hunter2"],
    ]
    let redacted = Redaction.default.redactingJSON(json) as? [String: Any]
    #expect(redacted?["user"] as? String == "octocat")
    #expect(redacted?["setPassword"] as? String == "<redacted>")
    let nested = redacted?["nested"] as? [[String: Any]]
    #expect(nested?.first?["apiToken"] as? String == "<redacted>")
    #expect(nested?.first?["count"] as? Int == 2)
  }

  @Test func disabledRedactionKeepsEverything() {
    let redacted = Redaction.disabled.redactingJSON(["password": "hunter2"]) as? [String: String]
    #expect(redacted == ["password": "hunter2"])
  }
}
