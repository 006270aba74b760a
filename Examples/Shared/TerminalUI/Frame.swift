/// What the screen should show: lines from the top row down, and where the cursor goes. An app
/// builds one from its state on every change and hands it to ``Screen/render(_:)``.
public struct Frame: Hashable, Sendable {
  /// A cell, from 0 at the top left, in columns (display width), not characters.
  public struct Cursor: Hashable, Sendable {
    /// The row, from 0.
    public var row: Int
    /// The column, from 0.
    public var column: Int

    /// Makes a cell's position.
    public init(row: Int, column: Int) {
      (self.row, self.column) = (row, column)
    }
  }

  /// The lines, top to bottom; lines past the terminal's height are not drawn.
  public var lines: [Line]
  /// Where to show the cursor (for a text field), or `nil` to keep it hidden.
  public var cursor: Cursor?

  /// Makes a frame.
  public init(lines: [Line] = [], cursor: Cursor? = nil) {
    self.lines = lines
    self.cursor = cursor
  }

  /// Appends a line.
  public mutating func append(_ line: Line) {
    lines.append(line)
  }
}
