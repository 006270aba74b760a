/// A JSON value whose objects keep their keys in the order written (unlike `JSONEncoder`'s), so
/// output reads as documented; ``serialized`` on one line.
public indirect enum JSONValue: Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// An integer.
  case integer(Int)
  /// A string, escaped on output.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object, keys in this order.
  case object([(key: String, value: JSONValue)])

  /// `.string(text)`, or `.null` when `text` is `nil`.
  public static func string(orNull text: String?) -> JSONValue {
    text.map(JSONValue.string) ?? .null
  }

  /// `.integer(value)`, or `.null` when `value` is `nil`.
  public static func integer(orNull value: Int?) -> JSONValue {
    value.map(JSONValue.integer) ?? .null
  }

  /// The value as compact JSON text, UTF-8 kept as is.
  public var serialized: String {
    switch self {
    case .null: "null"
    case .bool(let value): value ? "true" : "false"
    case .integer(let value): String(value)
    case .string(let value): Self.quoted(value)
    case .array(let values): "[" + values.map(\.serialized).joined(separator: ",") + "]"
    case .object(let members):
      "{"
        + members.map { Self.quoted($0.key) + ":" + $0.value.serialized }
        .joined(separator: ",") + "}"
    }
  }

  /// `text` as a JSON string: in quotes, with `"`, `\`, every control character and the two
  /// line separators JavaScript cannot hold escaped (RFC 8259), so it is safe on a terminal too.
  public static func quoted(_ text: String) -> String {
    var output = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case _ where scalar.isTerminalControl || scalar == "\u{2028}" || scalar == "\u{2029}":
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output + "\""
  }
}
