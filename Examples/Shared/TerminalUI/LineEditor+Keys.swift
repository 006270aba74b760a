extension LineEditor {
  /// Applies the usual editing meaning of `key`; returns `false` for a key it does not use
  /// (Enter, Tab, arrows up and down, Escape, other control keys), which the app handles.
  ///
  /// Printable characters insert; Backspace and Ctrl-H delete backward; Delete and Ctrl-D
  /// delete forward; left, right, Home, End, Ctrl-A, Ctrl-E, Ctrl-B and Ctrl-F move; Ctrl-U,
  /// Ctrl-K and Ctrl-W delete to the start, to the end, and the word before the cursor.
  @discardableResult
  public mutating func handle(_ key: Key) -> Bool {
    switch key {
    case .character(let character): insert(character)
    case .backspace, .control("h"): deleteBackward()
    case .delete, .control("d"): deleteForward()
    case .left, .control("b"): moveLeft()
    case .right, .control("f"): moveRight()
    case .home, .control("a"): moveToStart()
    case .end, .control("e"): moveToEnd()
    case .control("u"): deleteToStart()
    case .control("k"): deleteToEnd()
    case .control("w"): deleteWordBackward()
    default: return false
    }
    return true
  }
}
