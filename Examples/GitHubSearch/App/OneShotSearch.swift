import GitHubSearchKit

/// `github-search QUERY`: prints the first pages of a search, page by page, and exits.
///
/// Even this mode drives the reactor — `updateQuery`, then `loadNextPage` while pages are
/// wanted — so it pages through the server's `Link` headers and stops at the 1000-result cap
/// exactly as the interactive search does.
enum OneShotSearch {
  /// Runs the search; returns 0 on success (zero results included), 1 on an API error.
  static func run(query: String, options: CommandLineOptions, client: GitHubClient) async -> Int32 {
    let reactor = GitHubSearchReactor(client: client, debounce: .zero)
    reactor.send(.updateQuery(query))
    await reactor.waitUntilIdle()
    var printed = 0
    var pagesLoaded = 0
    while true {
      let state = reactor.currentState
      for repository in state.repositories[printed...] {
        StandardStreams.printLine(options.json ? repository.outputJSON : repository.outputLine)
      }
      printed = state.repositories.count
      if let error = state.error {
        StandardStreams.printError(error.message())
        return 1
      }
      pagesLoaded += 1
      guard pagesLoaded < options.pages, state.hasNextPage else { return 0 }
      reactor.send(.loadNextPage)
      await reactor.waitUntilIdle()
    }
  }
}
