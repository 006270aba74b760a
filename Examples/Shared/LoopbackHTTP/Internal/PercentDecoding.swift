/// Percent-decoding as servers such as GitHub's apply it to request targets.
///
/// Lenient on purpose: a `%` not followed by two hex digits is kept as it is, and bytes that do
/// not form valid UTF-8 become U+FFFD, so decoding never fails.
enum PercentDecoding {
  /// Decodes `%XX` escapes; with `plusAsSpace`, `+` first becomes a space (form encoding).
  static func decode<Text: StringProtocol>(_ text: Text, plusAsSpace: Bool = false) -> String {
    let input = Array(text.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(input.count)
    var index = 0
    while index < input.count {
      let byte = input[index]
      if byte == UInt8(ascii: "%"), index + 2 < input.count,
        let high = hexValue(input[index + 1]), let low = hexValue(input[index + 2])
      {
        output.append(high << 4 | low)
        index += 3
      } else {
        output.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
        index += 1
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
