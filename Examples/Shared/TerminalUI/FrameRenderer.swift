import ExampleCommandLine

/// Turns each ``Frame`` into the escape sequences that change the screen from the previous one;
/// a pure value, tested byte for byte, that ``Screen`` pairs with a ``Terminal``.
///
/// The first frame, and the first after a size change or ``invalidate()``, clears the screen;
/// after that only lines that changed are rewritten, each followed by "clear to end of line",
/// and rows no longer used are cleared. The cursor is hidden while lines are drawn, then shown
/// where the frame asks. An unchanged frame produces no output at all. A line wider than the
/// terminal is cut by display width and ends with "…", so a cut never passes for the whole
/// text; control characters are drawn as `�`.
public struct FrameRenderer: Sendable {
  private var drawnLines: [String] = []
  private var drawnSize: TerminalSize?
  private var drawnCursor: Frame.Cursor?

  /// Makes a renderer that has drawn nothing yet.
  public init() {}

  /// Makes the next ``render(_:size:)`` redraw the whole screen.
  public mutating func invalidate() {
    drawnSize = nil
  }

  /// The output that turns the screen as last drawn into `frame`, for a terminal of `size`.
  public mutating func render(_ frame: Frame, size: TerminalSize) -> String {
    let rows = max(0, min(frame.lines.count, size.rows))
    let columns = max(0, size.columns)
    var output = ""
    if drawnSize != size {
      output += "\u{1B}[H\u{1B}[2J"
      (drawnLines, drawnCursor, drawnSize) = ([], nil, size)
    }
    var changes = ""
    let lines = frame.lines.prefix(rows).enumerated().map { row, line in
      let (encoded, width) = Self.encode(line.truncated(toDisplayWidth: columns), columns: columns)
      if row >= drawnLines.count || drawnLines[row] != encoded {
        // At full width "clear to end of line" would erase the last character.
        changes += "\u{1B}[\(row + 1);1H" + encoded + (width < columns ? "\u{1B}[K" : "")
      }
      return encoded
    }
    if drawnLines.count > rows { changes += "\u{1B}[\(rows + 1);1H\u{1B}[J" }
    drawnLines = lines
    let cursor = frame.cursor.map {
      Frame.Cursor(
        row: min(max(0, $0.row), max(0, size.rows - 1)),
        column: min(max(0, $0.column), max(0, columns - 1)))
    }
    if changes.isEmpty && output.isEmpty && cursor == drawnCursor { return "" }
    output += "\u{1B}[?25l" + changes
    if let cursor { output += "\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H\u{1B}[?25h" }
    drawnCursor = cursor
    return output
  }

  /// The bytes of one line cut to `columns`, and the columns they take.
  static func encode(_ line: Line, columns: Int) -> (String, width: Int) {
    var output = ""
    var used = 0
    var isCut = false
    for span in line.spans where !isCut {
      var text = ""
      for character in span.text {
        // A control character would move the cursor, start an escape sequence or reorder text.
        let shown = character.unicodeScalars.contains(where: \.isTerminalControl) ? "�" : character
        isCut = used + shown.displayWidth > columns
        if isCut { break }
        text.append(shown)
        used += shown.displayWidth
      }
      let style = span.style.selectGraphicRendition
      if !text.isEmpty { output += style.isEmpty ? text : style + text + "\u{1B}[0m" }
    }
    return (output, used)
  }
}
