/// The screen a `TerminalSession` has drawn, replayed from its output.
extension TerminalSession {
  /// The screen as drawn so far.
  func screen(rows: Int = 30, columns: Int = 100) -> VirtualScreen {
    VirtualScreen(rows: rows, columns: columns, replaying: output)
  }

  /// Waits until the screen, as drawn so far, satisfies `isTrue`; `false` after 30 s.
  func waitForScreen(
    rows: Int = 30, columns: Int = 100, _ isTrue: @escaping @Sendable (VirtualScreen) -> Bool
  ) async -> Bool {
    await waitUntil { isTrue(self.screen(rows: rows, columns: columns)) }
  }
}
