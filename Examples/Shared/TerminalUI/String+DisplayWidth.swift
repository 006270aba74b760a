extension StringProtocol {
  /// The number of terminal columns the text takes: the sum of its characters'
  /// ``Swift/Character/displayWidth``.
  ///
  /// ```swift
  /// "abc".displayWidth     // 3
  /// "名前".displayWidth     // 4
  /// "e\u{301}".displayWidth // 1
  /// ```
  public var displayWidth: Int {
    reduce(0) { $0 + $1.displayWidth }
  }

  /// The longest prefix that fits in `width` columns, ending with `ellipsis` when the text had
  /// to be cut.
  ///
  /// A wide character that would straddle the limit is left out whole, so the result may be a
  /// column short.
  ///
  /// ```swift
  /// "名前とアドレス".truncated(toDisplayWidth: 7)                 // "名前と"  (6 columns)
  /// "swift-collections".truncated(toDisplayWidth: 8, ellipsis: "…") // "swift-c…"
  /// ```
  public func truncated(toDisplayWidth width: Int, ellipsis: String = "") -> String {
    guard displayWidth > width else { return String(self) }
    let ellipsisWidth = ellipsis.displayWidth
    guard ellipsisWidth <= width else { return "" }
    var result = ""
    var used = 0
    for character in self {
      let characterWidth = character.displayWidth
      if used + characterWidth > width - ellipsisWidth { break }
      result.append(character)
      used += characterWidth
    }
    return result + ellipsis
  }

  /// The text followed by spaces up to `width` columns (unchanged if it is already as wide).
  public func padded(toDisplayWidth width: Int) -> String {
    String(self) + String(repeating: " ", count: Swift.max(0, width - displayWidth))
  }
}
