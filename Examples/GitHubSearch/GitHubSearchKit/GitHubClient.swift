/// The reactor's door to GitHub: a value holding the one operation the search needs.
///
/// A struct of `@Sendable` closures, so a test swaps the network for a closure that returns a
/// canned page, throws a ``SearchError`` or waits on a clock:
///
/// ```swift
/// let client = GitHubClient { request in
///   SearchPage(repositories: [.fixture(1)], totalCount: 1)
/// }
/// let reactor = GitHubSearchReactor(client: client, clock: TestClock())
/// ```
///
/// The live value, ``live(configuration:now:)``, talks HTTP through `URLSession`.
public struct GitHubClient: Sendable {
  /// Fetches one page of a repository search.
  ///
  /// Throws a ``SearchError``, or `CancellationError` when the calling task was cancelled (the
  /// request is stopped with it).
  public var search: @Sendable (_ page: SearchPageRequest) async throws -> SearchPage

  /// Makes a client from its operation.
  public init(search: @escaping @Sendable (_ page: SearchPageRequest) async throws -> SearchPage) {
    self.search = search
  }
}
