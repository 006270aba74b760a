/// The size of a terminal in character cells.
public struct TerminalSize: Hashable, Sendable {
  /// The number of rows.
  public var rows: Int
  /// The number of columns.
  public var columns: Int

  /// Makes a size; a ``TimelineBrowser``'s app screen is drawn at the size of its area.
  public init(rows: Int, columns: Int) {
    (self.rows, self.columns) = (rows, columns)
  }

  /// The size assumed when the real one cannot be read: 24 rows of 80 columns.
  static let standard = TerminalSize(rows: 24, columns: 80)
}
