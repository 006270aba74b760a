extension StringProtocol {
  /// The number of terminal columns the text takes: the sum of its characters'
  /// ``Swift/Character/displayWidth`` (`"名前"` takes 4).
  public var displayWidth: Int {
    reduce(0) { $0 + $1.displayWidth }
  }

  /// The longest prefix that fits in `width` columns, ending with `ellipsis` when the text had
  /// to be cut; a wide character that would straddle the limit is left out whole.
  ///
  /// ```swift
  /// "swift-collections".truncated(toDisplayWidth: 8, ellipsis: "…") // "swift-c…"
  /// ```
  public func truncated(toDisplayWidth width: Int, ellipsis: String = "") -> String {
    guard displayWidth > width else { return String(self) }
    guard ellipsis.displayWidth <= width else { return "" }
    var result = ""
    var used = ellipsis.displayWidth
    for character in self {
      used += character.displayWidth
      if used > width { break }
      result.append(character)
    }
    return result + ellipsis
  }

  /// The text broken into lines of at most `width` columns, between words where it can: a
  /// word wider than a line is split, never cut off. Runs of spaces at a break are dropped.
  /// The lines after the first start with `continuationIndent` spaces, counted in the width.
  ///
  /// ```swift
  /// "invalid query: stars:lots is not a number".wrapped(toDisplayWidth: 16)
  /// // ["invalid query:", "stars:lots is", "not a number"]
  /// "signup: unknown option --colour".wrapped(toDisplayWidth: 24, continuationIndent: 2)
  /// // ["signup: unknown option", "  --colour"]
  /// ```
  public func wrapped(toDisplayWidth width: Int, continuationIndent: Int = 0) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    var line = ""
    // The columns a line has for its text: the first all of them, the others less the indent.
    func room() -> Int { lines.isEmpty ? width : Swift.max(1, width - continuationIndent) }
    func finishLine() {
      lines.append(String(repeating: " ", count: lines.isEmpty ? 0 : continuationIndent) + line)
      line = ""
    }
    for word in split(separator: " ", omittingEmptySubsequences: true) {
      let gap = line.isEmpty ? "" : " "
      if line.displayWidth + gap.displayWidth + word.displayWidth <= room() {
        line += gap + word
        continue
      }
      if !line.isEmpty { finishLine() }
      // A word too long for a line of its own is split at the width.
      for character in word {
        if line.displayWidth + character.displayWidth > room(), !line.isEmpty { finishLine() }
        line.append(character)
      }
    }
    if !line.isEmpty || lines.isEmpty { finishLine() }
    return lines
  }

  /// The text followed by spaces up to `width` columns (unchanged if it is already as wide).
  public func padded(toDisplayWidth width: Int) -> String {
    String(self) + String(repeating: " ", count: Swift.max(0, width - displayWidth))
  }
}
