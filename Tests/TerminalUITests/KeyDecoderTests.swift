import ExtremeValues
import TerminalUI
import Testing

@Suite(.timeLimit(.minutes(1)))
struct KeyDecoderTests {
  private func decode(_ bytes: [UInt8]) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.decode(bytes) + decoder.flush()
  }

  private func decode(_ text: String) -> [Key] {
    decode(Array(text.utf8))
  }

  /// Feeds the bytes one at a time, as a slow connection might deliver them.
  private func decodeByteByByte(_ bytes: [UInt8]) -> [Key] {
    var decoder = KeyDecoder()
    return bytes.flatMap { decoder.decode([$0]) } + decoder.flush()
  }

  static let table: [(bytes: [UInt8], keys: [Key])] = [
    (Array("a".utf8), [.character("a")]),
    (Array("Hi!".utf8), [.character("H"), .character("i"), .character("!")]),
    (Array(" ~".utf8), [.character(" "), .character("~")]),
    (Array("é".utf8), [.character("é")]),
    (Array("e\u{301}".utf8), [.character("e\u{301}")]),
    (Array("名前".utf8), [.character("名"), .character("前")]),
    (Array("ａｂ".utf8), [.character("ａ"), .character("ｂ")]),
    (Array("😀".utf8), [.character("😀")]),
    (Array("👨‍👩‍👧".utf8), [.character("👨‍👩‍👧")]),
    ([0x0D], [.enter]),
    ([0x0A], [.enter]),
    ([0x0D, 0x0A], [.enter]),
    ([0x0D, 0x0D], [.enter, .enter]),
    ([0x09], [.tab]),
    ([0x1B, 0x5B, 0x5A], [.shiftTab]),
    ([0x7F], [.backspace]),
    ([0x08], [.backspace]),
    ([0x1B, 0x5B, 0x33, 0x7E], [.delete]),
    ([0x1B, 0x5B, 0x41], [.up]),
    ([0x1B, 0x5B, 0x42], [.down]),
    ([0x1B, 0x5B, 0x43], [.right]),
    ([0x1B, 0x5B, 0x44], [.left]),
    ([0x1B, 0x4F, 0x41], [.up]),
    ([0x1B, 0x4F, 0x44], [.left]),
    ([0x1B, 0x5B, 0x31, 0x3B, 0x35, 0x43], [.right]),
    // Shift (modifier 2) on the left and right arrows; on other keys it is ignored.
    ([0x1B, 0x5B, 0x31, 0x3B, 0x32, 0x43], [.shiftRight]),
    ([0x1B, 0x5B, 0x31, 0x3B, 0x32, 0x44], [.shiftLeft]),
    ([0x1B, 0x5B, 0x31, 0x3B, 0x32, 0x41], [.up]),
    ([0x1B, 0x5B, 0x31, 0x3B, 0x32, 0x48], [.home]),
    ([0x1B, 0x5B, 0x31, 0x3B, 0x36, 0x43], [.right]),
    ([0x1B, 0x5B, 0x31, 0x3B, 0x32, 0x3B, 0x32, 0x43], [.right]),
    ([0x1B, 0x5B, 0x48], [.home]),
    ([0x1B, 0x5B, 0x46], [.end]),
    ([0x1B, 0x4F, 0x48], [.home]),
    ([0x1B, 0x4F, 0x46], [.end]),
    ([0x1B, 0x5B, 0x31, 0x7E], [.home]),
    ([0x1B, 0x5B, 0x34, 0x7E], [.end]),
    ([0x1B, 0x5B, 0x37, 0x7E], [.home]),
    ([0x1B, 0x5B, 0x38, 0x7E], [.end]),
    ([0x1B, 0x5B, 0x35, 0x7E], [.pageUp]),
    ([0x1B, 0x5B, 0x36, 0x7E], [.pageDown]),
    ([0x1B], [.escape]),
    ([0x1B, 0x1B], [.escape, .escape]),
    ([0x1B, 0x61], [.escape, .character("a")]),
    ([0x03], [.control("c")]),
    ([0x04], [.control("d")]),
    ([0x15], [.control("u")]),
    ([0x01], [.control("a")]),
    ([0x1A], [.control("z")]),
    ([0x10], [.control("p")]),  // Ctrl-P and Ctrl-N: the history, in github-search.
    ([0x0E], [.control("n")]),
    ([0x1C], [.control("\\")]),
    ([0x1F], [.control("_")]),
    ([0x00], []),
  ]

  @Test(arguments: table)
  func decodesEachKey(bytes: [UInt8], keys: [Key]) {
    #expect(decode(bytes) == keys)
  }

  @Test(arguments: table)
  func decodesTheSameKeysWhenBytesArriveOneByOne(bytes: [UInt8], keys: [Key]) {
    #expect(joiningCharacters(decodeByteByByte(bytes)) == keys)
  }

  @Test func aClusterSplitAcrossReadsArrivesAsItsPartsWhichJoinAgainWhenAppended() {
    var decoder = KeyDecoder()

    let first = decoder.decode(Array("e".utf8))
    let second = decoder.decode(Array("\u{301}".utf8))

    #expect(first == [.character("e")])
    #expect(second == [.character("\u{301}")])
    #expect(joiningCharacters(first + second) == [.character("é")])
  }

  @Test func aLineFeedRightAfterACarriageReturnInTheNextReadIsPartOfTheSameEnter() {
    var decoder = KeyDecoder()

    #expect(decoder.decode([0x0D]) == [.enter])
    #expect(decoder.decode([0x0A, 0x0A]) == [.enter])
  }

  /// Runs of characters appended to one string and split again, as a text field sees them.
  private func joiningCharacters(_ keys: [Key]) -> [Key] {
    var result: [Key] = []
    var text = ""
    for key in keys {
      if case .character(let character) = key {
        text.append(character)
        continue
      }
      result += text.map(Key.character)
      text = ""
      result.append(key)
    }
    return result + text.map(Key.character)
  }

  @Test func decodesMixedInputInOrder() {
    let bytes: [UInt8] = Array("ok".utf8) + [0x1B, 0x5B, 0x41, 0x09] + Array("名".utf8) + [0x7F]

    #expect(
      decode(bytes) == [.character("o"), .character("k"), .up, .tab, .character("名"), .backspace])
  }

  @Test func holdsBackAnIncompleteSequenceUntilTheRestArrives() {
    var decoder = KeyDecoder()

    #expect(decoder.decode([0x61, 0x1B, 0x5B]) == [.character("a")])
    #expect(decoder.hasPendingBytes)
    #expect(decoder.decode([0x31, 0x3B]) == [])
    #expect(decoder.decode([0x35, 0x44, 0x62]) == [.left, .character("b")])
    #expect(!decoder.hasPendingBytes)
  }

  @Test func holdsBackASplitUTF8Character() {
    var decoder = KeyDecoder()
    let bytes = Array("名".utf8)

    #expect(decoder.decode(bytes[0..<2]) == [])
    #expect(decoder.decode(bytes[2...]) == [.character("名")])
  }

  @Test func aLoneEscapeIsHeldUntilFlushed() {
    var decoder = KeyDecoder()

    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.flush() == [.escape])
    #expect(decoder.flush() == [])
  }

  @Test func flushDropsAnUnfinishedSequenceAndAPartialCharacter() {
    var decoder = KeyDecoder()

    #expect(decoder.decode([0x1B, 0x5B, 0x31]) == [])
    #expect(decoder.flush() == [])
    #expect(decoder.decode([0xE5, 0x90]) == [])
    #expect(decoder.flush() == [])
    #expect(decoder.decode(Array("x".utf8)) == [.character("x")])
  }

  @Test(
    arguments: [
      // Stray continuation bytes, bytes never valid in UTF-8, an overlong form, a surrogate.
      [0x80, 0x61],
      [0xBF, 0x61],
      [0xC0, 0xAF, 0x61],
      [0xFF, 0xFE, 0x61],
      [0xE0, 0x80, 0x80, 0x61],
      [0xED, 0xA0, 0x80, 0x61],
      [0xF4, 0x90, 0x80, 0x80, 0x61],
      // A lead byte cut short by an ASCII byte.
      [0xE5, 0x61],
      // An encoded C1 control character.
      [0xC2, 0x9B, 0x61],
    ] as [[UInt8]])
  func dropsInvalidUTF8AndKeepsWhatFollows(bytes: [UInt8]) {
    #expect(decode(bytes) == [.character("a")])
    #expect(decodeByteByByte(bytes) == [.character("a")])
  }

  @Test(
    arguments: [
      // Unknown final bytes, function keys, an unknown tilde number, mouse-like parameters.
      [0x1B, 0x5B, 0x51, 0x61],
      [0x1B, 0x4F, 0x50, 0x61],
      [0x1B, 0x5B, 0x31, 0x35, 0x7E, 0x61],
      [0x1B, 0x5B, 0x39, 0x39, 0x7E, 0x61],
      [0x1B, 0x5B, 0x3C, 0x30, 0x3B, 0x31, 0x3B, 0x31, 0x4D, 0x61],
    ] as [[UInt8]])
  func dropsUnknownSequencesWhole(bytes: [UInt8]) {
    #expect(decode(bytes) == [.character("a")])
    #expect(decodeByteByByte(bytes) == [.character("a")])
  }

  @Test func aSequenceBrokenByAControlByteIsDroppedAndTheControlByteKept() {
    #expect(decode([0x1B, 0x5B, 0x31, 0x0D, 0x61]) == [.enter, .character("a")])
  }

  @Test func anEndlessSequenceIsDroppedOnceItIsTooLong() {
    var decoder = KeyDecoder()
    let garbage = [0x1B, 0x5B] + [UInt8](repeating: 0x31, count: 100)

    _ = decoder.decode(garbage)

    #expect(!decoder.hasPendingBytes)
    #expect(decoder.decode(Array("a".utf8)).last == .character("a"))
  }

  @Test func randomBytesNeverTrapAndNeverLeaveMoreThanOneSequencePending() {
    var generator = SplitMix64(seed: 42)
    var decoder = KeyDecoder()
    for _ in 0..<2_000 {
      let chunk = (0..<Int.random(in: 1...16, using: &generator)).map { _ in
        UInt8.random(in: 0...255, using: &generator)
      }
      _ = decoder.decode(chunk)
    }
    _ = decoder.flush()

    #expect(decoder.decode(Array("z".utf8)) == [.character("z")])
  }

  /// Property: any bytes, CSI numbers of any size included, in chunks of any size decode to keys
  /// with nothing held back after a flush.
  @Test func anyExtremeInputDecodesWithNothingLeftAfterAFlush() {
    var values = ExtremeValues()
    for _ in 0..<2000 {
      var decoder = KeyDecoder()
      let bytes = Array("\u{1B}[\(values.number())~".utf8) + values.bytes()
      let cut = Int.random(in: 0...bytes.count, using: &values)
      _ = decoder.decode(bytes[..<cut])
      _ = decoder.decode(bytes[cut...])
      _ = decoder.flush()
      #expect(!decoder.hasPendingBytes)
    }
  }
}

/// A small seeded generator, so the random test is the same on every run.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
