import Foundation
import Testing

@testable import GitHubSearchKit

@Suite struct JSONTextTests {
  @Test func keepsTheKeysInTheOrderGiven() {
    let text = JSONText.object([
      ("b", .int(1)), ("a", .bool(true)), ("c", .null), ("d", .string("x")),
      ("e", .optional(nil as Int?)), ("f", .optional("y" as String?)),
    ])
    #expect(text == #"{"b":1,"a":true,"c":null,"d":"x","e":null,"f":"y"}"#)
  }

  @Test(arguments: [
    "plain", "quote \" and \\ backslash", "line\nbreak\ttab\r", "\u{1B}[31mred\u{7}",
    "naïve 検索 🚀", "\u{2028}\u{2029}", "\u{0}\u{1F}\u{7F}",
  ])
  func escapesStringsSoEveryParserReadsThemBack(value: String) throws {
    let text = JSONText.object([("value", .string(value))])
    #expect(!text.contains("\n"))
    #expect(!text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    let decoded = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String]
    #expect(decoded?["value"] == value)
  }
}
