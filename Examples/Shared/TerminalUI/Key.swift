/// A key press, decoded from the bytes a terminal sends in raw mode (where Ctrl-C is a key).
public enum Key: Hashable, Sendable {
  /// A printable character (one grapheme cluster; multi-byte UTF-8 decoded).
  case character(Character)
  /// Enter or Return (`\r` or `\n`).
  case enter
  /// Tab.
  case tab
  /// Shift-Tab (`ESC [ Z`).
  case shiftTab
  /// Backspace (`0x7F` or `0x08`).
  case backspace
  /// Forward delete (`ESC [ 3 ~`).
  case delete
  /// Escape pressed on its own.
  case escape
  /// An arrow key.
  case up, down, left, right
  /// Shift with the left or right arrow (`ESC [ 1 ; 2 D`, `ESC [ 1 ; 2 C`).
  case shiftLeft, shiftRight
  /// Home or End.
  case home, end
  /// Page Up or Page Down.
  case pageUp, pageDown
  /// Control with a lowercase letter (`.control("c")` is Ctrl-C), or `\`, `]`, `^`, `_`;
  /// Ctrl-H, Ctrl-I, Ctrl-J and Ctrl-M decode as Backspace, Tab and Enter, whose bytes they send.
  case control(Character)
}
