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

  /// The text followed by spaces up to `width` columns (unchanged if it is already as wide).
  public func padded(toDisplayWidth width: Int) -> String {
    String(self) + String(repeating: " ", count: Swift.max(0, width - displayWidth))
  }
}
