extension Character {
  /// The number of terminal columns the character takes: 0, 1 or 2.
  ///
  /// - 2 for East Asian wide and fullwidth characters (`名`, `ａ`) and for emoji shown as emoji
  ///   (`😀`, `👨‍👩‍👧`, `🇯🇵`, and `❤️` with its presentation selector);
  /// - 0 for a combining mark or format character on its own, and for control characters;
  /// - 1 for everything else, including `é` however it is composed.
  ///
  /// The width of a grapheme cluster is the width of its first scalar, except that an emoji
  /// presentation selector (U+FE0F) makes it 2 and a text presentation selector (U+FE0E) makes
  /// an emoji 1. This is what most terminals do.
  public var displayWidth: Int {
    let scalars = unicodeScalars
    guard let first = scalars.first else { return 0 }
    if scalars.contains("\u{FE0F}") && first.properties.isEmoji { return 2 }
    if scalars.contains("\u{FE0E}") && first.properties.isEmoji {
      return WideCharacterRanges.contains(first) ? 2 : 1
    }
    switch first.properties.generalCategory {
    case .control, .format, .nonspacingMark, .enclosingMark, .lineSeparator,
      .paragraphSeparator:
      return 0
    default:
      break
    }
    // Hangul medial vowels and final consonants only ever follow an initial consonant.
    if (0x1160...0x11FF).contains(first.value) { return 0 }
    if first.properties.isEmojiPresentation || WideCharacterRanges.contains(first) { return 2 }
    return 1
  }
}
