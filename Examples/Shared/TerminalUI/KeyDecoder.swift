/// Turns the bytes a terminal sends in raw mode into ``Key`` events.
///
/// Feed it bytes as they arrive, in chunks of any size: a sequence split across chunks (an arrow
/// key's `ESC [ A`, a multi-byte UTF-8 character) is held back until it is complete. Bytes that
/// can never form a key (invalid UTF-8, unknown or broken escape sequences) are dropped.
///
/// A lone `ESC` is ambiguous: it is the Escape key, or the start of a sequence whose rest is
/// still in flight. The decoder holds it back; when no byte follows within a short wait, the
/// reader calls ``flush()``, which turns it into ``Key/escape``.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode([0x1B, 0x5B])   // []  (held back)
/// decoder.decode([0x41, 0x61])   // [.up, .character("a")]
/// decoder.decode([0x1B])         // []
/// decoder.flush()                // [.escape]
/// ```
public struct KeyDecoder: Sendable {
  /// The longest control sequence accepted; a longer one is garbage and is dropped.
  static let maximumSequenceLength = 32

  private var pending: [UInt8] = []
  /// Whether the last byte decoded was `\r`, so that a `\n` right after it, even in the next
  /// chunk, is not a second Enter.
  private var endsWithCarriageReturn = false

  /// Makes a decoder with nothing held back.
  public init() {}

  /// Whether bytes are held back, waiting for the rest of a sequence.
  public var hasPendingBytes: Bool { !pending.isEmpty }

  /// Decodes `bytes` after any held-back ones; an incomplete sequence at the end is held back.
  ///
  /// Printable text is split into characters (grapheme clusters) within the chunk; a cluster
  /// split across chunks arrives as its parts, which join again when appended to a `String`.
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
    var input = pending
    input.append(contentsOf: bytes)
    pending = []
    if endsWithCarriageReturn && input.first == 0x0A {
      input.removeFirst()
    }
    endsWithCarriageReturn = input.last == 0x0D
    var output = KeyOutput()
    var index = 0
    while index < input.count {
      switch Self.decodeOne(input, at: index, output: &output) {
      case .consumed(let count):
        index += count
      case .incomplete:
        pending = Array(input[index...])
        index = input.count
      }
    }
    return output.finish()
  }

  /// Resolves what is held back as if no byte will follow: a lone `ESC` becomes ``Key/escape``;
  /// the start of a longer sequence is dropped.
  public mutating func flush() -> [Key] {
    defer { pending = [] }
    return pending == [0x1B] ? [.escape] : []
  }

  private enum Step {
    case consumed(Int)
    case incomplete
  }

  private static func decodeOne(_ input: [UInt8], at index: Int, output: inout KeyOutput) -> Step {
    let byte = input[index]
    switch byte {
    case 0x1B:
      return decodeEscape(input, at: index, output: &output)
    case 0x0D:
      output.append(.enter)
      // A pasted `\r\n` is one line end.
      return .consumed(index + 1 < input.count && input[index + 1] == 0x0A ? 2 : 1)
    case 0x0A:
      output.append(.enter)
    case 0x09:
      output.append(.tab)
    case 0x08, 0x7F:
      output.append(.backspace)
    case 0x01...0x1A:
      output.append(.control(Character(Unicode.Scalar(byte + 0x60))))
    case 0x1C...0x1F:
      output.append(.control(Character(Unicode.Scalar(byte + 0x40))))
    case 0x20...0x7E:
      output.appendText(Unicode.Scalar(byte))
    case 0x80...:
      return decodeUTF8(input, at: index, output: &output)
    default:
      break  // NUL (Ctrl-Space): nothing an app can use.
    }
    return .consumed(1)
  }

  /// Decodes `ESC`, `ESC [ ...` (CSI) or `ESC O x` (SS3).
  private static func decodeEscape(_ input: [UInt8], at index: Int, output: inout KeyOutput) -> Step
  {
    guard index + 1 < input.count else { return .incomplete }
    switch input[index + 1] {
    case UInt8(ascii: "["):
      return decodeControlSequence(input, at: index, output: &output)
    case UInt8(ascii: "O"):
      guard index + 2 < input.count else { return .incomplete }
      let final = input[index + 2]
      guard (0x40...0x7E).contains(final) else {
        // Not SS3 after all: Escape, then the rest as typed.
        output.append(.escape)
        return .consumed(1)
      }
      if let key = sequenceKeys[final] { output.append(key) }
      return .consumed(3)
    default:
      // Escape followed by another key (or Alt-key): report Escape, then decode the rest.
      output.append(.escape)
      return .consumed(1)
    }
  }

  /// Decodes `ESC [ parameters intermediates final`; unknown sequences are dropped whole.
  private static func decodeControlSequence(
    _ input: [UInt8], at index: Int, output: inout KeyOutput
  ) -> Step {
    var end = index + 2
    while end < input.count, (0x20...0x3F).contains(input[end]) {
      end += 1
      if end - index > maximumSequenceLength { return .consumed(end - index) }
    }
    guard end < input.count else { return .incomplete }
    let final = input[end]
    guard (0x40...0x7E).contains(final) else {
      // A broken sequence (a control byte inside): drop `ESC [` and what follows up to here.
      return .consumed(end - index)
    }
    let parameters = String(decoding: input[(index + 2)..<end], as: UTF8.self)
    if final == UInt8(ascii: "~") {
      let number = parameters.split(separator: ";").first.flatMap { Int($0) }
      if let key = number.flatMap({ tildeKeys[$0] }) { output.append(key) }
    } else if let key = sequenceKeys[final] {
      output.append(key)
    }
    return .consumed(end + 1 - index)
  }

  /// Decodes one UTF-8 encoded scalar; an invalid lead or continuation byte is dropped.
  private static func decodeUTF8(_ input: [UInt8], at index: Int, output: inout KeyOutput) -> Step {
    let lead = input[index]
    let length: Int
    var secondByteRange: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: (length, secondByteRange) = (3, 0xA0...0xBF)  // no overlong forms
    case 0xED: (length, secondByteRange) = (3, 0x80...0x9F)  // no surrogates
    case 0xE1...0xEF: length = 3
    case 0xF0: (length, secondByteRange) = (4, 0x90...0xBF)  // no overlong forms
    case 0xF4: (length, secondByteRange) = (4, 0x80...0x8F)  // nothing past U+10FFFF
    case 0xF1...0xF3: length = 4
    default: return .consumed(1)  // a stray continuation byte, or a lead that is never valid
    }
    var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
    for offset in 1..<length {
      guard index + offset < input.count else { return .incomplete }
      let byte = input[index + offset]
      let range = offset == 1 ? secondByteRange : 0x80...0xBF
      guard range.contains(byte) else { return .consumed(offset) }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    if let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .control {
      output.appendText(scalar)
    }
    return .consumed(length)
  }

  /// Final bytes of CSI and SS3 sequences (modifier parameters such as `1;5` are ignored).
  private static let sequenceKeys: [UInt8: Key] = [
    UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right,
    UInt8(ascii: "D"): .left, UInt8(ascii: "H"): .home, UInt8(ascii: "F"): .end,
    UInt8(ascii: "Z"): .shiftTab,
  ]

  /// The numbers of `ESC [ n ~` sequences (VT220 and rxvt variants of Home and End).
  private static let tildeKeys: [Int: Key] = [
    1: .home, 7: .home, 4: .end, 8: .end, 3: .delete, 5: .pageUp, 6: .pageDown,
  ]
}

/// Keys decoded so far, with printable text gathered so that a run of scalars is split into
/// whole characters (grapheme clusters) rather than one key per scalar.
private struct KeyOutput {
  private var keys: [Key] = []
  private var text = String.UnicodeScalarView()

  mutating func appendText(_ scalar: Unicode.Scalar) {
    text.append(scalar)
  }

  mutating func append(_ key: Key) {
    flushText()
    keys.append(key)
  }

  mutating func finish() -> [Key] {
    flushText()
    return keys
  }

  private mutating func flushText() {
    guard !text.isEmpty else { return }
    keys.append(contentsOf: String(text).map(Key.character))
    text = String.UnicodeScalarView()
  }
}
