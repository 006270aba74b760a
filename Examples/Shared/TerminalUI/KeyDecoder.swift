/// Turns the bytes a terminal sends in raw mode into ``Key`` events, fed in chunks of any size:
/// a sequence split across chunks is held back until it is complete, and bytes that can never
/// form a key (invalid UTF-8, unknown or broken escape sequences) are dropped. A lone `ESC` is
/// held back too, until the reader sees no byte follow and calls ``flush()``.
public struct KeyDecoder: Sendable {
  /// The longest control sequence accepted; a longer one is garbage and is dropped.
  static let maximumSequenceLength = 32

  private var pending: [UInt8] = []
  /// Whether the last byte was `\r`, so that a `\n` right after it is not a second Enter.
  private var endsWithCarriageReturn = false

  /// Makes a decoder with nothing held back.
  public init() {}

  /// Whether bytes are held back, waiting for the rest of a sequence.
  public var hasPendingBytes: Bool { !pending.isEmpty }

  /// Decodes `bytes` after any held-back ones. Text is split into characters within the chunk; a
  /// cluster split across chunks arrives as parts that join again when appended to a `String`.
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
    var input = pending + bytes
    pending = []
    if endsWithCarriageReturn && input.first == 0x0A { input.removeFirst() }
    endsWithCarriageReturn = input.last == 0x0D
    var keys: [Key] = []
    var text = String.UnicodeScalarView()
    var index = 0
    while index < input.count {
      switch Self.step(input, at: index) {
      case .key(let key, let length):
        keys += String(text).map(Key.character) + [key]
        text = String.UnicodeScalarView()
        index += length
      case .text(let scalar, let length):
        text.append(scalar)
        index += length
      case .skip(let length):
        index += length
      case .incomplete:
        pending = Array(input[index...])
        index = input.count
      }
    }
    return keys + String(text).map(Key.character)
  }

  /// Resolves what is held back as if no byte will follow: a lone `ESC` is ``Key/escape``.
  public mutating func flush() -> [Key] {
    defer { pending = [] }
    return pending == [0x1B] ? [.escape] : []
  }

  private enum Step {
    case key(Key, length: Int)
    case text(Unicode.Scalar, length: Int)
    case skip(Int)
    case incomplete
  }

  private static func step(_ input: [UInt8], at index: Int) -> Step {
    let byte = input[index]
    switch byte {
    case 0x1B: return escape(input, at: index)
    // A pasted `\r\n` is one line end.
    case 0x0D: return .key(.enter, length: input.dropFirst(index + 1).first == 0x0A ? 2 : 1)
    case 0x0A: return .key(.enter, length: 1)
    case 0x09: return .key(.tab, length: 1)
    case 0x08, 0x7F: return .key(.backspace, length: 1)
    case 0x01...0x1A: return .key(.control(Character(Unicode.Scalar(byte + 0x60))), length: 1)
    case 0x1C...0x1F: return .key(.control(Character(Unicode.Scalar(byte + 0x40))), length: 1)
    case 0x20...0x7E: return .text(Unicode.Scalar(byte), length: 1)
    case 0xC2...0xF4: return utf8(input, at: index)
    default: return .skip(1)  // NUL (Ctrl-Space), or a byte that never starts UTF-8.
    }
  }

  /// Decodes `ESC`, `ESC [ ...` (CSI) or `ESC O x` (SS3).
  private static func escape(_ input: [UInt8], at index: Int) -> Step {
    guard index + 1 < input.count else { return .incomplete }
    guard input[index + 1] == UInt8(ascii: "[") else {
      guard input[index + 1] == UInt8(ascii: "O") else {
        return .key(.escape, length: 1)  // Escape followed by another key (or Alt-key).
      }
      guard index + 2 < input.count else { return .incomplete }
      let final = input[index + 2]
      // Not SS3 after all: Escape, then the rest as typed.
      guard (0x40...0x7E).contains(final) else { return .key(.escape, length: 1) }
      return sequenceKeys[final].map { .key($0, length: 3) } ?? .skip(3)
    }
    // `ESC [ parameters final`: unknown sequences are dropped whole.
    var end = index + 2
    while end < input.count, (0x20...0x3F).contains(input[end]) {
      end += 1
      if end - index > maximumSequenceLength { return .skip(end - index) }
    }
    guard end < input.count else { return .incomplete }
    // A control byte inside breaks the sequence: what came before it is dropped.
    guard (0x40...0x7E).contains(input[end]) else { return .skip(end - index) }
    let parameters = String(decoding: input[(index + 2)..<end], as: UTF8.self)
      .split(separator: ";", omittingEmptySubsequences: false)
    let number = parameters.first.flatMap { Int($0) }
    var key =
      input[end] == UInt8(ascii: "~") ? number.flatMap { tildeKeys[$0] } : sequenceKeys[input[end]]
    // Modifier 2 is Shift alone (xterm's `1 + Shift`); other modifiers keep the plain key.
    if parameters.count == 2, parameters[1] == "2" {
      key = key.map { $0 == .left ? .shiftLeft : $0 == .right ? .shiftRight : $0 }
    }
    return key.map { .key($0, length: end + 1 - index) } ?? .skip(end + 1 - index)
  }

  /// Decodes one UTF-8 encoded scalar; C1 controls and invalid bytes are dropped.
  private static func utf8(_ input: [UInt8], at index: Int) -> Step {
    var parser = Unicode.UTF8.ForwardParser()
    var bytes = input[index...].makeIterator()
    switch parser.parseScalar(from: &bytes) {
    case .valid(let encoded):
      let scalar = Unicode.UTF8.decode(encoded)
      let isControl = scalar.properties.generalCategory == .control
      return isControl ? .skip(encoded.count) : .text(scalar, length: encoded.count)
    case .error(let length):
      // Cut short by the end of the chunk: the rest may still come.
      return index + length == input.count ? .incomplete : .skip(length)
    case .emptyInput:
      return .incomplete
    }
  }

  /// Final bytes of CSI and SS3 sequences (modifier parameters such as `1;5` are ignored, but
  /// for Shift on the left and right arrows).
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
