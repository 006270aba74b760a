extension GitHubSearchReactor {
  /// What the search keeps across runs: the query history, nothing of the results, which would
  /// be stale by the next run.
  public struct Saved: Codable, Equatable, Sendable {
    /// The queries searched, newest first.
    public var queries: [String]

    /// Makes the saved value of a history of `queries`, newest first.
    public init(queries: [String]) {
      self.queries = queries
    }
  }

  /// The part of `state` kept across runs: its history.
  public static func saved(from state: State) -> Saved {
    Saved(queries: state.history.entries)
  }

  /// `state` with the saved history put back, cleaned as ``QueryHistory/init(restoring:)``
  /// cleans a file that may have been edited by hand.
  public static func restoring(_ saved: Saved, into state: State) -> State {
    var state = state
    state.history = QueryHistory(restoring: saved.queries)
    return state
  }
}
