/// One page of a repository search, as the client hands it to the reactor.
public struct SearchPage: Sendable, Equatable, Codable {
  /// The repositories on this page, in the server's order; malformed items are left out.
  public var repositories: [Repository]
  /// How many repositories match in all (`total_count`); GitHub lets you page through at most
  /// 1000 of them.
  public var totalCount: Int
  /// Whether GitHub stopped searching early and the results may be partial
  /// (`incomplete_results`).
  public var isIncomplete: Bool
  /// The page after this one (`Link: rel="next"`), or `nil` on the last page or at the 1000 cap.
  public var nextPage: PageLink?
  /// How many items of this page were malformed and skipped.
  public var skippedItemCount: Int

  /// Makes a page from its parts.
  public init(
    repositories: [Repository], totalCount: Int, isIncomplete: Bool = false,
    nextPage: PageLink? = nil, skippedItemCount: Int = 0
  ) {
    self.repositories = repositories
    self.totalCount = totalCount
    self.isIncomplete = isIncomplete
    self.nextPage = nextPage
    self.skippedItemCount = skippedItemCount
  }
}
