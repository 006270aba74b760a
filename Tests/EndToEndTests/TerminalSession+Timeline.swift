import Foundation
import Testing

/// The keys a timeline test types, as a terminal sends them.
enum TimelineKey {
  static let right = "\u{1B}[C"
  static let left = "\u{1B}[D"
  static let shiftRight = "\u{1B}[1;2C"
  static let shiftLeft = "\u{1B}[1;2D"
  static let home = "\u{1B}[H"
  static let end = "\u{1B}[F"
}

/// What both apps' timeline tests do with a `--replay` session on a pseudo-terminal.
extension TerminalSession {
  /// `program --replay file` in a window of `rows` × `columns`, once its status line shows.
  static func timeline(
    _ program: String, replaying file: URL, rows: Int = 30, columns: Int = 100
  ) async throws -> TerminalSession {
    let session = try TerminalSession(
      program, arguments: ["--replay", file.path], rows: rows, columns: columns)
    try #require(await session.waitForOutput(containing: "quit"))
    return session
  }

  /// The timeline's rule: the row titled `PROGRAM --replay FILE` between the app's screen and
  /// the event list.
  static func ruleRow(_ screen: VirtualScreen) -> Int? {
    screen.rows.firstIndex { $0.hasPrefix("── ") && $0.contains(" --replay ") }
  }

  /// The event list's selected row, without its `› ` mark: the first row so marked below the
  /// rule (the app's screen above it marks its own selection the same way).
  static func selectedEvent(_ screen: VirtualScreen) -> String? {
    guard let rule = ruleRow(screen) else { return nil }
    return screen.rows[(rule + 1)...].first { $0.hasPrefix("› ") }
      .map { String($0.dropFirst(2)).trimmingCharacters(in: .whitespaces) }
  }

  /// Types `keys`, then waits until the status line and the selected event read as expected.
  func press(
    _ keys: String, status: String, selected: String? = nil, rows: Int = 30, columns: Int = 100,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    type(keys)
    let reached = await waitForScreen(rows: rows, columns: columns) { screen in
      screen.rows[rows - 1].hasPrefix(status)
        && selected.map { Self.selectedEvent(screen)?.contains($0) == true } ?? true
    }
    let screen = screen(rows: rows, columns: columns)
    #expect(
      reached,
      "status \(screen.rows[rows - 1]); selected \(Self.selectedEvent(screen) ?? "none")",
      sourceLocation: sourceLocation)
  }
}
