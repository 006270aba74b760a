/// A JSON value whose objects keep their keys in the order written, so output reads as
/// documented; serialized on one line.
///
/// ```swift
/// JSONValue.object([("status", .string("ok")), ("met", .bool(true))]).serialized
/// // {"status":"ok","met":true}
/// ```
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

  /// The value as compact JSON text, UTF-8 kept as is, control characters escaped.
  public var serialized: String {
    var output = ""
    write(to: &output)
    return output
  }

  private func write(to output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .integer(let value): output += String(value)
    case .string(let value): Self.writeString(value, to: &output)
    case .array(let values):
      output += "["
      for (index, value) in values.enumerated() {
        if index > 0 { output += "," }
        value.write(to: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { output += "," }
        Self.writeString(member.key, to: &output)
        output += ":"
        member.value.write(to: &output)
      }
      output += "}"
    }
  }

  private static func writeString(_ value: String, to output: inout String) {
    output += "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      default:
        if Self.needsEscape(scalar) {
          let hex = String(scalar.value, radix: 16)
          output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    output += "\""
  }

  /// Control characters, and the two line separators JavaScript can't have in a string.
  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}"
      || scalar == "\u{2029}"
  }
}
