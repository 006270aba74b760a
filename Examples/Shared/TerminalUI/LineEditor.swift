/// A one-line text field's editing state: the text and a cursor between characters.
///
/// Positions count characters (grapheme clusters), so the cursor never lands inside `é`, `名`
/// or a family emoji, whatever bytes they take. ``cursorColumn`` converts to screen columns.
///
/// ```swift
/// var editor = LineEditor()
/// editor.insert("octocat")
/// editor.moveLeft()
/// editor.deleteBackward()     // "octocat" → "octoct", cursor before the last "t"
/// editor.handle(.home)        // cursor at 0
/// ```
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

  /// Inserts `character` at the cursor and moves the cursor past it.
  public mutating func insert(_ character: Character) {
    insert(String(character))
  }

  /// Deletes the character before the cursor (Backspace).
  public mutating func deleteBackward() {
    guard cursor > 0 else { return }
    text = String(text.prefix(cursor - 1)) + text.dropFirst(cursor)
    cursor -= 1
  }

  /// Deletes the character after the cursor (Delete).
  public mutating func deleteForward() {
    guard cursor < text.count else { return }
    text = String(text.prefix(cursor)) + text.dropFirst(cursor + 1)
  }

  /// Deletes everything before the cursor (Ctrl-U).
  public mutating func deleteToStart() {
    text = String(text.dropFirst(cursor))
    cursor = 0
  }

  /// Deletes everything after the cursor (Ctrl-K).
  public mutating func deleteToEnd() {
    text = String(text.prefix(cursor))
  }

  /// Deletes the word before the cursor and the spaces after it (Ctrl-W).
  public mutating func deleteWordBackward() {
    var start = cursor
    let characters = Array(text)
    while start > 0 && characters[start - 1].isWhitespace { start -= 1 }
    while start > 0 && !characters[start - 1].isWhitespace { start -= 1 }
    text = String(characters[..<start]) + String(characters[cursor...])
    cursor = start
  }

  /// Moves the cursor one character left, if it can.
  public mutating func moveLeft() {
    cursor = max(0, cursor - 1)
  }

  /// Moves the cursor one character right, if it can.
  public mutating func moveRight() {
    cursor = min(text.count, cursor + 1)
  }

  /// Moves the cursor before the first character (Home).
  public mutating func moveToStart() {
    cursor = 0
  }

  /// Moves the cursor after the last character (End).
  public mutating func moveToEnd() {
    cursor = text.count
  }

  /// The screen column of the cursor relative to the start of the text: the display width of
  /// the text before it.
  public var cursorColumn: Int {
    text.prefix(cursor).displayWidth
  }
}
