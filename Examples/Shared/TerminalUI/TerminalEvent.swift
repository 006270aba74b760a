/// Something that happened at the terminal: a key press or a new size.
public enum TerminalEvent: Hashable, Sendable {
  /// A key was pressed.
  case key(Key)
  /// The window was resized; redraw everything at the new size.
  case resize(TerminalSize)
}
