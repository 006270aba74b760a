/// Which page to fetch: the first page of a query, or a page a previous answer linked to.
///
/// The reactor keeps the request of a page that failed, so ``GitHubSearchReactor/Action/retry``
/// asks for exactly that page again.
public enum SearchPageRequest: Sendable, Hashable, Codable {
  /// The first page of results for `query` (already trimmed, never empty).
  case firstPage(query: String)
  /// The page a `Link: rel="next"` header pointed at.
  case nextPage(PageLink)

  /// Whether this is the first page of a query (its results replace, rather than extend, the
  /// list).
  public var isFirstPage: Bool {
    if case .firstPage = self { true } else { false }
  }
}
