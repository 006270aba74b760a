import ExampleCommandLine
import Foundation
import Testing

@Suite(.timeLimit(.minutes(1)))
struct JSONValueTests {
  @Test func objectsKeepTheirKeysInTheOrderGiven() {
    let value = JSONValue.object([
      ("z", .integer(1)), ("a", .bool(true)), ("m", .null), ("list", .array([.bool(false)])),
      ("n", .integer(orNull: nil)), ("s", .string(orNull: "x")), ("t", .string(orNull: nil)),
    ])
    #expect(
      value.serialized == #"{"z":1,"a":true,"m":null,"list":[false],"n":null,"s":"x","t":null}"#)
  }

  @Test(arguments: [
    "plain", "quote \" and \\ backslash", "line\nbreak\ttab\r", "\u{1B}[31mred\u{7}",
    "naïve 検索 🚀", "\u{2028}\u{2029}", "\u{0}\u{1F}\u{7F}", "c1 \u{9B}2J", "bidi \u{202E}gpj",
  ])
  func stringsAreEscapedSoEveryParserReadsThemBackAndNoTerminalObeysThem(value: String) throws {
    let text = JSONValue.object([("value", .string(value))]).serialized
    #expect(!text.contains("\n"))
    #expect(!text.unicodeScalars.contains { $0.isTerminalControl })
    let decoded = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String]
    #expect(decoded?["value"] == value)
  }

  @Test func quotedWritesOneStringAsJSONDoes() {
    #expect(JSONValue.quoted("a\"b\\c\nd\te\u{1}") == #""a\"b\\c\nd\te\u0001""#)
    #expect(JSONValue.quoted("名前 🐙") == "\"名前 🐙\"")
  }
}
