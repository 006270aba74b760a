extension Character {
  /// The number of terminal columns the character takes, as most terminals draw it: 2 for East
  /// Asian wide and fullwidth characters (`名`, `ａ`) and emoji shown as emoji (`😀`, `🇯🇵`, `❤️`
  /// with its presentation selector); 0 for a lone combining mark, format or control character;
  /// 1 for everything else, `é` however composed. A cluster is as wide as its first scalar,
  /// except that U+FE0F makes an emoji 2 and U+FE0E makes it 1.
  public var displayWidth: Int {
    guard let first = unicodeScalars.first else { return 0 }
    let isWide = first.properties.isEmojiPresentation || WideCharacterRanges.contains(first)
    if first.properties.isEmoji && unicodeScalars.contains("\u{FE0F}") { return 2 }
    if first.properties.isEmoji && unicodeScalars.contains("\u{FE0E}") {
      return WideCharacterRanges.contains(first) ? 2 : 1
    }
    switch first.properties.generalCategory {
    case .control, .format, .nonspacingMark, .enclosingMark, .lineSeparator, .paragraphSeparator:
      return 0
    default:
      // Hangul medial vowels and final consonants only ever follow an initial consonant.
      return (0x1160...0x11FF).contains(first.value) ? 0 : isWide ? 2 : 1
    }
  }
}
