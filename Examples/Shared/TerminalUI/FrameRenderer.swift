import ExampleCommandLine

/// Turns each ``Frame`` into the escape sequences that change the screen from the previous one.
///
/// A pure value, so it can be tested byte for byte; ``Screen`` pairs it with a ``Terminal``.
/// The first frame, and the first after a size change or ``invalidate()``, clears the screen;
/// after that only lines that changed are rewritten, each followed by "clear to end of line",
/// and rows the new frame no longer uses are cleared. The cursor is hidden while lines are
/// drawn, then shown where the frame asks (or left hidden). A frame identical to the previous
/// one produces no output at all.
///
/// Lines are cut at the terminal's width by display width (wide characters count 2 columns,
/// combining marks 0), and control characters are drawn as `�`.
public struct FrameRenderer: Sendable {
  private var drawnLines: [String] = []
  private var drawnSize: TerminalSize?
  private var drawnCursor: Frame.Cursor?

  /// Makes a renderer that has drawn nothing yet.
  public init() {}

  /// Makes the next ``render(_:size:)`` redraw the whole screen (after something else wrote to
  /// it).
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
      drawnLines = []
      drawnCursor = nil
      drawnSize = size
    }
    var lines: [String] = []
    lines.reserveCapacity(rows)
    var changes = ""
    for row in 0..<rows {
      let (encoded, width) = Self.encode(frame.lines[row], columns: columns)
      lines.append(encoded)
      if row < drawnLines.count && drawnLines[row] == encoded { continue }
      changes += "\u{1B}[\(row + 1);1H" + encoded
      // At full width the cursor waits past the last column, where "clear to end of line" would
      // erase the last character; there is nothing left to clear anyway.
      if width < columns { changes += "\u{1B}[K" }
    }
    if drawnLines.count > rows {
      changes += "\u{1B}[\(rows + 1);1H\u{1B}[J"
    }
    drawnLines = lines

    let cursor = frame.cursor.map {
      Frame.Cursor(
        row: min(max(0, $0.row), max(0, size.rows - 1)),
        column: min(max(0, $0.column), max(0, columns - 1)))
    }
    if changes.isEmpty && output.isEmpty && cursor == drawnCursor { return "" }
    output += "\u{1B}[?25l" + changes
    if let cursor {
      output += "\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H\u{1B}[?25h"
    }
    drawnCursor = cursor
    return output
  }

  /// The bytes of one line cut to `columns`, and the columns they take.
  static func encode(_ line: Line, columns: Int) -> (String, width: Int) {
    var output = ""
    var used = 0
    spans: for span in line.spans {
      let style = span.style.selectGraphicRendition
      var text = ""
      var isCut = false
      for character in span.text {
        let shown = Self.sanitized(character)
        let width = shown.displayWidth
        if used + width > columns {
          isCut = true
          break
        }
        text.append(shown)
        used += width
      }
      if !text.isEmpty {
        output += style.isEmpty ? text : style + text + "\u{1B}[0m"
      }
      if isCut { break spans }
    }
    return (output, used)
  }

  /// The character itself, or `�` for a control character (tab included) that would move the
  /// cursor, start an escape sequence or reorder the text.
  static func sanitized(_ character: Character) -> Character {
    character.unicodeScalars.contains(where: \.isTerminalControl) ? "\u{FFFD}" : character
  }
}
