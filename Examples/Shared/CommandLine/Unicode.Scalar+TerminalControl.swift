extension Unicode.Scalar {
  /// Whether a terminal would act on this character instead of showing it: a C0 control (`ESC`,
  /// `CR`, `BS`, tab included), `DEL`, a C1 control (`U+009B` is a one-byte `ESC [` on some
  /// terminals), or a bidirectional override or isolate, which reorders the text after it.
  ///
  /// Text from a server or a script is escaped (``Swift/StringProtocol/escapingControlCharacters``)
  /// or drawn as `�` before it reaches a terminal, so it can neither clear the screen nor retitle
  /// the window nor disguise itself.
  public var isTerminalControl: Bool {
    switch value {
    case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
