import ExampleCommandLine

/// The queries searched so far, newest first, without repeats, at most ``capacity`` of them: what
/// Ctrl-P and Ctrl-N recall in the interactive search, kept across runs.
///
/// A query enters when its search starts, so the words typed on the way to it never do; searching
/// a query again moves it to the front.
///
/// ```swift
/// var history = QueryHistory()
/// history.remember("swift")
/// history.remember("rust")
/// history.remember("swift")
/// history.entries  // ["swift", "rust"]
/// ```
public struct QueryHistory: Sendable, Hashable {
  /// How many queries are kept; the oldest go first.
  public static let capacity = 100

  /// The queries, newest first: trimmed, none empty, none twice.
  public private(set) var entries: [String]

  /// An empty history.
  public init() {
    entries = []
  }

  /// A history of `entries`, newest first, as read from a saved file: each is trimmed, and what
  /// ``remember(_:)`` would not keep is dropped, so are repeats after the first, and what is past
  /// ``capacity``.
  public init(restoring entries: some Sequence<String>) {
    var kept: [String] = []
    var seen = Set<String>()
    for entry in entries where kept.count < Self.capacity {
      let query = GitHubSearchReactor.normalized(entry)
      guard Self.isSearchable(query), seen.insert(query).inserted else { continue }
      kept.append(query)
    }
    self.entries = kept
  }

  /// The newest query, which the interactive search opens with.
  public var newest: String? { entries.first }

  /// Puts `query` first, removing an earlier copy of it, and forgets the oldest past
  /// ``capacity``. A query GitHub would refuse unread (empty, longer than
  /// ``ScriptCommand/maximumQueryLength``, holding a control character) changes nothing.
  public mutating func remember(_ query: String) {
    guard Self.isSearchable(query) else { return }
    entries.removeAll { $0 == query }
    entries.insert(query, at: 0)
    if entries.count > Self.capacity { entries.removeLast(entries.count - Self.capacity) }
  }

  /// Whether `query` (trimmed) is one worth recalling.
  private static func isSearchable(_ query: String) -> Bool {
    !query.isEmpty && query.count <= ScriptCommand.maximumQueryLength
      && !query.containsControlCharacters
  }
}
