/// A JSON value written by hand, so that objects keep their keys in the order given.
///
/// `JSONEncoder` orders keys as it likes (or alphabetically); the command line's output promises
/// `full_name` first, and a person reading it expects that.
enum JSONText {
  case string(String)
  case int(Int)
  case bool(Bool)
  case null

  /// `{"key":value,...}` with the pairs in order, on one line.
  static func object(_ pairs: [(String, JSONText)]) -> String {
    "{" + pairs.map { "\(quoted($0.0)):\($0.1.text)" }.joined(separator: ",") + "}"
  }

  /// `value` as a JSON string, or `null`.
  static func optional(_ value: String?) -> JSONText {
    value.map(JSONText.string) ?? .null
  }

  /// `value` as a JSON number, or `null`.
  static func optional(_ value: Int?) -> JSONText {
    value.map(JSONText.int) ?? .null
  }

  var text: String {
    switch self {
    case .string(let value): Self.quoted(value)
    case .int(let value): String(value)
    case .bool(let value): value ? "true" : "false"
    case .null: "null"
    }
  }

  /// `value` in quotes, with `"`, `\` and every control character escaped (RFC 8259).
  static func quoted(_ value: String) -> String {
    var result = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{2028}", "\u{2029}":
        result += "\\u" + String(scalar.value, radix: 16)
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
