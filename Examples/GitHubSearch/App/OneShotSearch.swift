import ExampleCommandLine
import GitHubSearchKit
import Reactors

/// `github-search QUERY`: prints the first pages of a search and exits.
///
/// Even this mode drives the reactor — `updateQuery`, then `loadNextPage` while pages are
/// wanted — so it pages through the server's `Link` headers and stops at the 1000-result cap
/// exactly as the interactive search does. JSON lines are printed page by page; the text table
/// once its pages are in, so that its columns line up.
enum OneShotSearch {
  /// Runs the search; returns 0 on success (zero results included), 1 on an API error.
  static func run(
    query: String, options: SearchOptions, client: GitHubClient, program: Program,
    recorder: ReactorRecorder<GitHubSearchReactor.Action, GitHubSearchReactor.Mutation>?
  ) async -> Int32 {
    let reactor = GitHubSearchReactor(client: client, debounce: .zero, recorder: recorder)
    reactor.send(.updateQuery(query))
    await reactor.waitUntilIdle()
    var printed = 0
    var pagesLoaded = 0
    while true {
      let state = reactor.currentState
      pagesLoaded += 1
      let isLastPage = state.error != nil || pagesLoaded == options.pages || !state.hasNextPage
      if options.common.json {
        for repository in state.repositories[printed...] {
          OutputFile.standardOutput.writeLine(repository.outputJSON)
        }
        printed = state.repositories.count
      } else if isLastPage {
        for line in Repository.outputTable(state.repositories) {
          OutputFile.standardOutput.writeLine(line)
        }
      }
      if let error = state.error {
        program.printError(error.message())
        return 1
      }
      if isLastPage { return 0 }
      reactor.send(.loadNextPage)
      await reactor.waitUntilIdle()
    }
  }
}
