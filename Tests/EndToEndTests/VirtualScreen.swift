import Foundation

/// What a terminal shows after a program's output: enough of a VT100 to replay the escape
/// sequences ``FrameRenderer`` writes (cursor moves, clears, styles, the alternate screen) into
/// rows of text and which cells are dim.
struct VirtualScreen: Sendable {
  private(set) var cells: [[Character]]
  private(set) var dim: [[Bool]]
  private var row = 0
  private var column = 0
  private var isDim = false

  /// The screen after `output`, for a terminal of `rows` by `columns`.
  init(rows: Int, columns: Int, replaying output: String) {
    cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    dim = Array(repeating: Array(repeating: false, count: columns), count: rows)
    replay(output)
  }

  /// Each row's text, without trailing spaces.
  var rows: [String] {
    cells.map { String($0).replacingOccurrences(of: " +$", with: "", options: .regularExpression) }
  }

  /// Whether some row contains `text`.
  func contains(_ text: String) -> Bool {
    rows.contains { $0.contains(text) }
  }

  /// Whether the first character of `row` that is not a space is dim.
  func isDim(row: Int) -> Bool {
    guard let index = cells[row].firstIndex(where: { $0 != " " }) else { return false }
    return dim[row][index]
  }

  /// The row under the rule that separates the headline from the list.
  var listTop: Int {
    (rows.firstIndex { $0.hasPrefix("────") } ?? 2) + 1
  }

  /// The repository name in the `index`-th row of the list, if that row shows one.
  func repositoryName(inListRow index: Int) -> String? {
    let line = rows[listTop + index].dropFirst(2)
    guard let name = line.split(separator: " ").first, name.contains("/") else { return nil }
    return String(name)
  }

  /// The name of the selected repository (the row marked `›`).
  var selectedRepositoryName: String? {
    rows[listTop...].first { $0.hasPrefix("› ") }.flatMap {
      $0.dropFirst(2).split(separator: " ").first.map(String.init)
    }
  }

  /// The repository the detail pane's title names.
  var detailTitle: String? {
    rows.dropFirst(listTop).first { $0.hasPrefix("── ") }.flatMap {
      $0.dropFirst(3).split(separator: " ").first.map(String.init)
    }
  }

  private mutating func replay(_ output: String) {
    var characters = output.makeIterator()
    while let character = characters.next() {
      guard character == "\u{1B}" else {
        put(character)
        continue
      }
      guard characters.next() == "[" else { continue }
      var parameters = ""
      while let next = characters.next() {
        guard next.isLetter || next == "~" else {
          parameters.append(next)
          continue
        }
        perform(next, parameters)
        break
      }
    }
  }

  private mutating func perform(_ command: Character, _ parameters: String) {
    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map {
      Int($0) ?? 0
    }
    switch command {
    case "H":
      row = max(1, numbers.first ?? 1) - 1
      column = max(1, numbers.count > 1 ? numbers[1] : 1) - 1
    case "J":
      let from = numbers.first == 2 ? 0 : row
      if numbers.first != 2 { clear(row: row, from: column) }
      for index in from..<cells.count where numbers.first == 2 || index > row {
        clear(row: index, from: 0)
      }
    case "K":
      clear(row: row, from: column)
    case "m":
      for code in numbers {
        if code == 0 || code == 22 { isDim = false }
        if code == 2 { isDim = true }
      }
    case "h" where parameters == "?1049", "l" where parameters == "?1049":
      // Either way the screen shown is a fresh one for these checks.
      for index in cells.indices { clear(row: index, from: 0) }
    default:
      break
    }
  }

  private mutating func clear(row: Int, from start: Int) {
    guard cells.indices.contains(row) else { return }
    for index in max(0, start)..<cells[row].count {
      cells[row][index] = " "
      dim[row][index] = false
    }
  }

  private mutating func put(_ character: Character) {
    guard cells.indices.contains(row), cells[row].indices.contains(column) else { return }
    cells[row][column] = character
    dim[row][column] = isDim
    column += 1
  }
}
