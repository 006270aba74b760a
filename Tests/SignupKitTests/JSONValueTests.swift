import SignupKit
import Testing

@Suite struct JSONValueTests {
  @Test func objectsKeepTheirKeyOrder() {
    let value = JSONValue.object([
      ("z", .integer(1)), ("a", .bool(true)), ("m", .null), ("list", .array([.bool(false)])),
    ])
    #expect(value.serialized == #"{"z":1,"a":true,"m":null,"list":[false]}"#)
  }

  @Test func stringsAreEscaped() {
    #expect(JSONValue.string("a\"b\\c\nd\te\u{1}").serialized == #""a\"b\\c\nd\te\u0001""#)
    #expect(JSONValue.string("名前 🐙").serialized == "\"名前 🐙\"")
  }

  @Test func aMissingStringIsNull() {
    #expect(JSONValue.string(orNull: nil).serialized == "null")
    #expect(JSONValue.string(orNull: "x").serialized == #""x""#)
  }
}
