import Reactors
import Testing

@Suite(.timeLimit(.minutes(2))) struct RedactionTests {
  @Test(arguments: [
    ("password", true), ("repeatedPassword", true), ("PASSWORD", true), ("githubToken", true),
    ("clientSecret", true), ("Authorization", true), ("apiKey", true), ("username", false),
    ("query", false), ("monkey", false), ("tok", false), ("", false), ("pässwordToken", true),
    ("api_key_2", true), ("passwor", false),
  ])
  func namesThatHoldSecretsAreRecognised(name: String, isSecret: Bool) {
    #expect(Redaction.default.isSecret(name) == isSecret)
  }

  @Test func stringsAreQuotedAsASwiftLiteralWouldBeWritten() {
    enum Action { case updateQuery(String) }
    #expect(Redaction.default.describe(Action.updateQuery("don't")) == #".updateQuery("don't")"#)
    #expect(Redaction.default.describe("a \"quote\"\n") == #""a \"quote\"\n""#)
  }

  @Test func structsShowTheirFieldsWithSecretsRedacted() {
    let text = Redaction.default.describe(Credentials(user: "octocat", password: "hunter2"))
    #expect(text == #"Credentials(user: "octocat", password: <redacted>)"#)
  }

  @Test func nestedValuesAreRedactedToo() {
    let text = Redaction.default.describe(
      Session(logins: [Credentials(user: "a", password: "b")], token: Optional("t")))
    #expect(
      text == #"Session(logins: [Credentials(user: "a", password: <redacted>)], token: <redacted>)"#
    )
  }

  @Test func enumCasesNamedAfterSecretsHideTheirPayload() {
    #expect(Redaction.default.describe(Field.password("hunter2")) == ".password(<redacted>)")
    #expect(Redaction.default.describe(Field.username("octocat")) == #".username("octocat")"#)
    #expect(Redaction.default.describe(Field.clear) == ".clear")
  }

  @Test func dictionaryEntriesWithSecretKeysAreRedacted() {
    let text = Redaction.default.describe(["Authorization": "Bearer x"])
    #expect(text == #"["Authorization": <redacted>]"#)
  }

  @Test func longCollectionsAreShortened() {
    let text = Redaction.default.describe(Array(1...25))
    #expect(text.hasSuffix(", … 5 more]"))
  }

  @Test func anEmptyKeywordMatchesNoName() {
    #expect(!Redaction(keywords: [""]).isSecret("anything"))
    #expect(Redaction(keywords: ["", "PIN"]).isSecret("bankPin"))
  }

  @Test func customKeywordsReplaceTheDefaults() {
    let redaction = Redaction(keywords: ["PIN"])
    #expect(
      redaction.describe(Card(pin: "1234", holder: "me")) == #"Card(pin: <redacted>, holder: "me")"#
    )
  }
}

// MARK: - Fixtures

struct Credentials {
  let user: String
  let password: String
}

struct Session {
  let logins: [Credentials]
  let token: String?
}

enum Field {
  case username(String)
  case password(String)
  case clear
}

struct Card {
  let pin: String
  let holder: String
}
