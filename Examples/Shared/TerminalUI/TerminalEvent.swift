/// Something that happened at the terminal: a key press or a new size.
public enum TerminalEvent: Hashable, Sendable {
  /// A key was pressed.
  case key(Key)
  /// The window was resized, or the process came back from a suspension and the screen was
  /// cleared: call ``Screen/invalidate()`` and draw everything again.
  case resize(TerminalSize)
}
