/// A column of a table drawn in a terminal: how wide its content wants to be, how narrow it may
/// get before it is better left out, and how much it matters.
///
/// ``widths(_:fitting:gap:)`` shares a window's width by priority, as fzf and htop do: the most
/// important column gets the room it wants first, and a column that cannot get its minimum is
/// left out whole rather than shown as a sliver.
///
/// ```swift
/// let columns = [
///   TableColumn(natural: 24, minimum: 8, priority: 0),  // name
///   TableColumn(natural: 6, minimum: 6, priority: 1),  // stars
///   TableColumn(natural: 60, minimum: 12, priority: 2),  // description
/// ]
/// TableColumn.widths(columns, fitting: 38)  // [24, 6, 0]
/// ```
public struct TableColumn: Hashable, Sendable {
  /// The columns the widest content takes.
  public var natural: Int
  /// The fewest columns worth showing; with less room the column is left out.
  public var minimum: Int
  /// How much the column matters: 0 first.
  public var priority: Int

  /// Makes a column.
  public init(natural: Int, minimum: Int, priority: Int) {
    (self.natural, self.minimum, self.priority) = (natural, minimum, priority)
  }

  /// The width of each of `columns` (0 for a column left out) so that together, with `gap`
  /// columns between two shown ones, they fit in `width`. Columns are served in priority order
  /// (ties left to right), each up to its natural width.
  public static func widths(_ columns: [TableColumn], fitting width: Int, gap: Int = 1) -> [Int] {
    var widths = Array(repeating: 0, count: columns.count)
    var room = max(0, width)
    var isFirst = true
    let order = columns.indices.sorted {
      (columns[$0].priority, $0) < (columns[$1].priority, $1)
    }
    for index in order {
      let column = columns[index]
      let available = room - (isFirst ? 0 : max(0, gap))
      let granted = min(max(0, column.natural), available)
      guard granted > 0, granted >= min(column.minimum, column.natural) else { continue }
      widths[index] = granted
      room = available - granted
      isFirst = false
    }
    return widths
  }
}
