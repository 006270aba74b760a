/// A one-line text field's editing state: the text and a cursor between characters (grapheme
/// clusters, so it never lands inside `é`, `名` or a family emoji).
public struct LineEditor: Hashable, Sendable {
  /// The text.
  public private(set) var text: String
  /// The number of characters before the cursor, from 0 to `text.count`.
  public private(set) var cursor: Int

  /// Makes an editor holding `text`, with the cursor at its end.
  public init(text: String = "") {
    self.text = text
    self.cursor = text.count
  }

  /// Inserts `string` at the cursor and moves the cursor past it.
  public mutating func insert(_ string: String) {
    let before = String(text.prefix(cursor)) + string
    text = before + text.dropFirst(cursor)
    // An inserted combining mark merges with the character before it: count again.
    cursor = min(before.count, text.count)
  }

  /// Applies the usual editing meaning of `key`; returns `false` for a key it does not use
  /// (Enter, Tab, up and down, Escape, other control keys), which the app handles.
  ///
  /// Printable characters insert; Backspace and Ctrl-H delete backward, Delete and Ctrl-D
  /// forward; left, right, Home, End, Ctrl-B, Ctrl-F, Ctrl-A and Ctrl-E move; Ctrl-U, Ctrl-K and
  /// Ctrl-W delete to the start, to the end, and the word before the cursor.
  @discardableResult
  public mutating func handle(_ key: Key) -> Bool {
    let characters = Array(text)
    switch key {
    case .character(let character): insert(String(character))
    case .backspace, .control("h"): delete(max(0, cursor - 1)..<cursor)
    case .delete, .control("d"): delete(cursor..<min(characters.count, cursor + 1))
    case .left, .control("b"): cursor = max(0, cursor - 1)
    case .right, .control("f"): cursor = min(characters.count, cursor + 1)
    case .home, .control("a"): cursor = 0
    case .end, .control("e"): cursor = characters.count
    case .control("u"): delete(0..<cursor)
    case .control("k"): delete(cursor..<characters.count)
    case .control("w"):
      var start = cursor
      while start > 0 && characters[start - 1].isWhitespace { start -= 1 }
      while start > 0 && !characters[start - 1].isWhitespace { start -= 1 }
      delete(start..<cursor)
    default: return false
    }
    return true
  }

  /// Deletes the characters at `positions` and puts the cursor where they were.
  private mutating func delete(_ positions: Range<Int>) {
    text = String(text.prefix(positions.lowerBound)) + text.dropFirst(positions.upperBound)
    cursor = positions.lowerBound
  }
}
