extension LineEditor {
  /// The part of the text to draw in a field `width` columns wide, scrolled so the cursor stays
  /// visible, and the cursor's column within it. With a `mask` (for a password), every character
  /// is drawn as the mask and none of the text appears in the result.
  ///
  /// ```swift
  /// let (shown, column) = editor.visibleText(width: 20, mask: "•")
  /// ```
  public func visibleText(width: Int, mask: Character? = nil) -> (text: String, cursorColumn: Int) {
    guard width > 0 else { return ("", 0) }
    let characters = mask.map { Array(repeating: $0, count: text.count) } ?? Array(text)
    let widths = characters.map(\.displayWidth)
    // Scroll right until the cursor, and one cell for it, fit.
    var start = 0
    var cursorColumn = widths[..<cursor].reduce(0, +)
    while start < cursor && cursorColumn > width - 1 {
      cursorColumn -= widths[start]
      start += 1
    }
    var shown = ""
    var used = 0
    for index in start..<characters.count {
      if used + widths[index] > width { break }
      shown.append(characters[index])
      used += widths[index]
    }
    return (shown, cursorColumn)
  }
}
