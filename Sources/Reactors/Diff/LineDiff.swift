/// A line-by-line diff of two texts, for failure messages: `-` lines are only in the first,
/// `+` lines only in the second.
///
/// ```
///   State(
/// -   query: "swif",
/// +   query: "swift",
///     results: []
///   )
/// ```
///
/// Long runs of unchanged lines far from any change fold into `… (N unchanged lines)`.
///
/// SPI: `ReactorsTesting` uses it for its failure messages, the diagnostics and
/// `ReactorsRecording`'s timelines for change diffs.
@_spi(Testing) public enum LineDiff {
  /// One line of the diff.
  enum Change: Equatable {
    case same(String)
    case removed(String)
    case added(String)
  }

  /// The diff from `old` to `new`, as text; `context` unchanged lines are kept around a change.
  public static func render(from old: String, to new: String, context: Int = 3) -> String {
    let changes = changes(from: lines(of: old), to: lines(of: new))
    var output: [String] = []
    var unchanged: [String] = []

    /// Writes a run of unchanged lines, folding its middle when it is long.
    func flush(atStart: Bool, atEnd: Bool) {
      let keepBefore = atStart ? 0 : context
      let keepAfter = atEnd ? 0 : context
      if unchanged.count > keepBefore + keepAfter + 1 {
        output += unchanged.prefix(keepBefore).map { "  " + $0 }
        output.append("  … (\(unchanged.count - keepBefore - keepAfter) unchanged lines)")
        output += unchanged.suffix(keepAfter).map { "  " + $0 }
      } else {
        output += unchanged.map { "  " + $0 }
      }
      unchanged = []
    }

    var isAtStart = true
    for change in changes {
      switch change {
      case .same(let line):
        unchanged.append(line)
      case .removed(let line):
        flush(atStart: isAtStart, atEnd: false)
        isAtStart = false
        output.append("- " + line)
      case .added(let line):
        flush(atStart: isAtStart, atEnd: false)
        isAtStart = false
        output.append("+ " + line)
      }
    }
    flush(atStart: isAtStart, atEnd: true)
    return output.joined(separator: "\n")
  }

  /// The shortest edit from `old` to `new`, removals before additions in each changed run.
  static func changes(from old: [String], to new: [String]) -> [Change] {
    // Common ends first: usually only a few lines in the middle differ.
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    let oldMiddle = Array(old[prefix..<(old.count - suffix)])
    let newMiddle = Array(new[prefix..<(new.count - suffix)])

    var changes = old[..<prefix].map(Change.same)
    changes += middleChanges(from: oldMiddle, to: newMiddle)
    changes += old[(old.count - suffix)...].map(Change.same)
    return changes
  }

  /// A longest-common-subsequence diff; past a size where its table would be too big, everything
  /// old is removed and everything new added.
  private static func middleChanges(from old: [String], to new: [String]) -> [Change] {
    guard old.count * new.count <= 4_000_000 else {
      return old.map(Change.removed) + new.map(Change.added)
    }
    // common[i][j]: the length of the longest common subsequence of old[i...] and new[j...].
    let width = new.count + 1
    var common = [Int](repeating: 0, count: (old.count + 1) * width)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        common[i * width + j] =
          old[i] == new[j]
          ? common[(i + 1) * width + j + 1] + 1
          : max(common[(i + 1) * width + j], common[i * width + j + 1])
      }
    }
    var changes: [Change] = []
    var i = 0
    var j = 0
    while i < old.count || j < new.count {
      if i < old.count, j < new.count, old[i] == new[j] {
        changes.append(.same(old[i]))
        i += 1
        j += 1
      } else if j == new.count
        || (i < old.count && common[(i + 1) * width + j] >= common[i * width + j + 1])
      {
        changes.append(.removed(old[i]))
        i += 1
      } else {
        changes.append(.added(new[j]))
        j += 1
      }
    }
    return changes
  }

  private static func lines(of text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}
