extension RepositoryCatalog {
  /// The repositories matching `query`, in the order GitHub would list them.
  ///
  /// - Parameters:
  ///   - query: The parsed `q`.
  ///   - sort: `stars` sorts by stars; anything else (or `nil`) is best match — more terms in
  ///     the name first, then more stars, then the older id.
  ///   - ascending: For `sort=stars`, whether `order=asc` was asked for.
  public func search(
    _ query: CatalogQuery, sort: String? = nil, ascending: Bool = false
  )
    -> [Repository]
  {
    let matching = entries.filter(query.matches)
    if sort == "stars" {
      return matching.map(\.repository).sorted { lhs, rhs in
        if lhs.stargazersCount != rhs.stargazersCount {
          return ascending
            ? lhs.stargazersCount < rhs.stargazersCount
            : lhs.stargazersCount > rhs.stargazersCount
        }
        return lhs.id < rhs.id
      }
    }
    let scored = matching.map { entry in
      (entry.repository, query.terms.filter { entry.name.contains($0) }.count)
    }
    return scored.sorted { lhs, rhs in
      if lhs.1 != rhs.1 { return lhs.1 > rhs.1 }
      if lhs.0.stargazersCount != rhs.0.stargazersCount {
        return lhs.0.stargazersCount > rhs.0.stargazersCount
      }
      return lhs.0.id < rhs.0.id
    }
    .map(\.0)
  }
}
