/// The reactors' door to GitHub: a value holding the two operations the search and its detail
/// pane need.
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
/// The live value, ``live(configuration:now:clock:)``, talks HTTP through `URLSession`.
public struct GitHubClient: Sendable {
  /// Fetches one page of a repository search.
  ///
  /// Throws a ``SearchError``, or `CancellationError` when the calling task was cancelled (the
  /// request is stopped with it).
  public var search: @Sendable (_ page: SearchPageRequest) async throws -> SearchPage

  /// Fetches one repository by its full name (`owner/name`), for the detail pane.
  ///
  /// Throws like ``search``.
  public var repository: @Sendable (_ fullName: String) async throws -> RepositoryDetail

  /// Makes a client from its operations; without `repository`, every detail fails with
  /// ``SearchError/notFound(_:)``.
  public init(
    search: @escaping @Sendable (_ page: SearchPageRequest) async throws -> SearchPage,
    repository: @escaping @Sendable (_ fullName: String) async throws -> RepositoryDetail = {
      throw SearchError.notFound($0)
    }
  ) {
    self.search = search
    self.repository = repository
  }
}
