import ExampleCommandLine
import Foundation
import GitHubSearchKit

extension SearchTimeline {
  /// What an event that changed a list of repositories did to the state, as the timeline's
  /// diff shows it: lines starting `- `, `+ ` or two spaces, a field or a repository a line.
  ///
  /// The recording's own diff compares two dumps line by line, so a list replaced by another
  /// pairs up the lines that unrelated repositories share (`language: "Swift",`, `),`) and reads
  /// as edits of them. Here a repository is one row, and two rows are compared only when they
  /// are the same repository (the same full name): a new page reads as rows added, the previous
  /// query's rows as rows removed, and a repository whose stars moved as its row changed.
  ///
  /// ```
  ///     query: "rust",
  /// -   repositories: [],
  /// +   repositories: [
  /// +     rusty-wombat/newt-grpc  ★59463  Kotlin  A battle-tested navigation library for Kotlin
  /// +   ],
  /// ```
  static func listDiff(
    from old: GitHubSearchReactor.State, to new: GitHubSearchReactor.State
  ) -> String {
    let fields = Array(zip(Mirror(reflecting: old).children, Mirror(reflecting: new).children))
    var lines = ["  State("]
    for (index, (before, after)) in fields.enumerated() {
      let label = before.label ?? "_"
      let comma = index < fields.count - 1 ? "," : ""
      if let oldList = before.value as? [Repository], let newList = after.value as? [Repository] {
        lines += listLines(label, from: oldList, to: newList, comma: comma)
      } else {
        let (oldText, newText) = (describe(before.value), describe(after.value))
        lines +=
          oldText == newText
          ? ["    \(label): \(newText)\(comma)"]
          : ["-   \(label): \(oldText)\(comma)", "+   \(label): \(newText)\(comma)"]
      }
    }
    lines.append("  )")
    return lines.joined(separator: "\n")
  }

  /// A list field: its rows, each one kept, removed, added or changed.
  private static func listLines(
    _ label: String, from old: [Repository], to new: [Repository], comma: String
  ) -> [String] {
    switch (old.isEmpty, new.isEmpty) {
    case (true, true):
      return ["    \(label): []\(comma)"]
    case (true, false):
      return ["-   \(label): []\(comma)", "+   \(label): ["] + new.map { "+     " + row($0) }
        + ["+   ]\(comma)"]
    case (false, true):
      return ["-   \(label): ["] + old.map { "-     " + row($0) }
        + ["-   ]\(comma)", "+   \(label): []\(comma)"]
    case (false, false):
      return ["    \(label): ["] + rowChanges(from: old, to: new) + ["    ]\(comma)"]
    }
  }

  /// The rows of `old` and `new` matched by full name, as many kept as their order allows:
  /// between two kept rows, the removed rows come before the added ones.
  static func rowChanges(from old: [Repository], to new: [Repository]) -> [String] {
    // Common ends first: a next page keeps every row before it.
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix].fullName == new[prefix].fullName {
      prefix += 1
    }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix].fullName == new[new.count - 1 - suffix].fullName
    {
      suffix += 1
    }
    var lines = zip(old[..<prefix], new[..<prefix]).flatMap(pair)
    lines += middleChanges(
      from: Array(old[prefix..<(old.count - suffix)]), to: Array(new[prefix..<(new.count - suffix)])
    )
    lines += zip(old.suffix(suffix), new.suffix(suffix)).flatMap(pair)
    return lines
  }

  /// The most cells the matching may use; past it (lists of thousands that share no end, which
  /// a hand-made file could hold), every row reads as removed or added, unmatched.
  static let matchingLimit = 1_000_000

  /// The rows of two lists that share no end, matched by their longest common subsequence of
  /// full names.
  private static func middleChanges(from old: [Repository], to new: [Repository]) -> [String] {
    let (cells, overflow) = (old.count + 1).multipliedReportingOverflow(by: new.count + 1)
    guard !overflow, cells <= matchingLimit, !old.isEmpty, !new.isEmpty else {
      return old.map { "-     " + row($0) } + new.map { "+     " + row($0) }
    }
    // `longest[i * width + j]`: how many rows `old[i...]` and `new[j...]` have in common.
    let width = new.count + 1
    var longest = [Int](repeating: 0, count: cells)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        longest[i * width + j] =
          old[i].fullName == new[j].fullName
          ? longest[(i + 1) * width + j + 1] + 1
          : max(longest[(i + 1) * width + j], longest[i * width + j + 1])
      }
    }
    var (lines, removed, added) = ([String](), [String](), [String]())
    var (i, j) = (0, 0)
    while i < old.count || j < new.count {
      if i < old.count, j < new.count, old[i].fullName == new[j].fullName {
        lines += removed + added + pair(old[i], new[j])
        (removed, added) = ([], [])
        (i, j) = (i + 1, j + 1)
      } else if j == new.count
        || (i < old.count && longest[(i + 1) * width + j] >= longest[i * width + j + 1])
      {
        removed.append("-     " + row(old[i]))
        i += 1
      } else {
        added.append("+     " + row(new[j]))
        j += 1
      }
    }
    return lines + removed + added
  }

  /// One repository in both lists: its row once, or its old row right above its new one.
  private static func pair(_ old: Repository, _ new: Repository) -> [String] {
    old == new ? ["      " + row(new)] : ["-     " + row(old), "+     " + row(new)]
  }

  /// A repository as one row, as the list shows it: `apple/swift  ★65000  C++  The Swift
  /// Programming Language`, with `—` for no language; text from the server escaped.
  static func row(_ repository: Repository) -> String {
    let text: [String?] = [
      repository.fullName, "★\(repository.stargazersCount)", repository.language ?? "—",
      repository.description,
    ]
    return text.compactMap { $0?.escapingControlCharacters }.joined(separator: "  ")
  }

  /// A field's value on one line: a string quoted, `nil` for a missing value, this app's own
  /// values by their fields or case, and the detail by the repository it is of.
  private static func describe(_ value: Any) -> String {
    switch value {
    case let text as String:
      return JSONValue.quoted(text)
    case let detail as RepositoryDetailReactor.State:
      let loading = detail.isLoading ? " (loading)" : detail.error != nil ? " (failed)" : ""
      return JSONValue.quoted(detail.fullName) + loading
    default:
      break
    }
    let mirror = Mirror(reflecting: value)
    // Foundation's values (URL, Date) describe themselves; their mirrors show their storage.
    let isOwn = String(reflecting: type(of: value)).hasPrefix("GitHubSearchKit.")
    switch mirror.displayStyle {
    case .optional:
      return mirror.children.first.map { describe($0.value) } ?? "nil"
    case .struct where isOwn, .tuple:
      let fields = mirror.children.map { child in
        let label = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 + ": " } ?? ""
        return label + describe(child.value)
      }
      let name = mirror.displayStyle == .tuple ? "" : "\(type(of: value))"
      return name + "(" + fields.joined(separator: ", ") + ")"
    case .enum where isOwn:
      guard let payload = mirror.children.first else { return "\(value)" }
      let isTuple = Mirror(reflecting: payload.value).displayStyle == .tuple
      let inner = describe(payload.value)
      return (payload.label ?? "\(value)") + (isTuple ? inner : "(" + inner + ")")
    default:
      return String(describing: value).escapingControlCharacters
    }
  }
}
