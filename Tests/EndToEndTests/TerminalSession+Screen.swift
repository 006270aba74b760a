import Testing

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

  static let leaveAlternateScreen = "\u{1B}[?1049l"

  /// Checks that the terminal is as it was and that nothing was drawn after it was restored.
  func expectRestored(sourceLocation: SourceLocation = #_sourceLocation) throws {
    let output = output
    let restored = try #require(
      output.range(of: Self.leaveAlternateScreen, options: .backwards),
      sourceLocation: sourceLocation)
    #expect(
      output[restored.upperBound...].isEmpty,
      "written after the terminal was restored: \(output[restored.upperBound...].debugDescription)",
      sourceLocation: sourceLocation)
    #expect(hasOriginalModes, sourceLocation: sourceLocation)
  }
}
