/// The code points terminals draw two columns wide that are not emoji: the East Asian Wide (W)
/// and Fullwidth (F) classes of Unicode's East Asian Width property, by block. (Emoji are
/// recognised by `Unicode.Scalar.Properties.isEmojiPresentation`.)
enum WideCharacterRanges {
  /// Whether `scalar` lies in a wide range.
  static func contains(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0x1100 && ranges.contains { $0.contains(scalar.value) }
  }

  private static let ranges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo initial consonants
    0x2329...0x232A,  // angle brackets
    0x2E80...0x2FDF,  // CJK radicals, Kangxi radicals
    0x2FF0...0x303E,  // ideographic description, CJK symbols and punctuation
    0x3041...0x3247,  // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, ...
    0x3250...0x4DBF,  // enclosed CJK, CJK compatibility, CJK extension A
    0x4E00...0xA4CF,  // CJK unified ideographs, Yi
    0xA960...0xA97F,  // Hangul Jamo extended A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // vertical forms
    0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
    0xFF00...0xFF60,  // fullwidth forms
    0xFFE0...0xFFE6,  // fullwidth signs
    0x16FE0...0x16FE4,  // ideographic symbols
    0x17000...0x18CFF,  // Tangut, Khitan
    0x1AFF0...0x1B2FF,  // Kana supplement and extensions, Nushu
    0x1F200...0x1F2FF,  // enclosed ideographic supplement
    0x20000...0x2FFFD,  // CJK extensions B to F, compatibility supplement
    0x30000...0x3FFFD,  // CJK extensions G and H
  ]
}
