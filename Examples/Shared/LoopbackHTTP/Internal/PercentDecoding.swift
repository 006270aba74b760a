/// Percent-decoding as servers such as GitHub's apply it to request targets. Lenient on
/// purpose, so it never fails: a `%` without two hex digits stays as it is, and bytes that do
/// not form UTF-8 become U+FFFD.
enum PercentDecoding {
  /// Decodes `%XX` escapes; with `plusAsSpace`, `+` first becomes a space (form encoding).
  static func decode(_ text: some StringProtocol, plusAsSpace: Bool = false) -> String {
    let input = Array(text.utf8)
    var output: [UInt8] = []
    var index = 0
    while index < input.count {
      if input[index] == UInt8(ascii: "%"), index + 2 < input.count,
        let high = hexValue(input[index + 1]), let low = hexValue(input[index + 2])
      {
        output.append(high << 4 | low)
        index += 3
      } else {
        let isSpace = plusAsSpace && input[index] == UInt8(ascii: "+")
        output.append(isSpace ? UInt8(ascii: " ") : input[index])
        index += 1
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    Character(Unicode.Scalar(byte)).hexDigitValue.map(UInt8.init)
  }
}
