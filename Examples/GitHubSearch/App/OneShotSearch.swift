import ExampleCommandLine
import Foundation
import GitHubSearchKit
import Reactors
import ReactorsPersistence
import TerminalUI

/// `github-search QUERY`: prints the first pages of a search and exits.
///
/// Even this mode drives the reactor — `updateQuery`, then `loadNextPage` while pages are
/// wanted — so it pages through the server's `Link` headers and stops at the 1000-result cap
/// exactly as the interactive search does. Each page is printed as it arrives, as JSON lines or
/// as table rows whose columns line up with the rows above them as far as they can; on a
/// terminal, a row wider than the window is cut with "…" rather than wrapped, as `gh` does. A
/// search cut short by the cap says so on standard error.
enum OneShotSearch {
  /// Runs the search; returns 0 on success (zero results included), 1 on an API error.
  static func run(
    query: String, options: SearchOptions, client: GitHubClient, program: Program,
    recorder: ReactorRecorder<GitHubSearchReactor.Action, GitHubSearchReactor.Mutation>?,
    stateFile: StateFile<GitHubSearchReactor>?
  ) async -> Int32 {
    let reactor = GitHubSearchReactor(
      client: client, debounce: .zero, recorder: recorder, stateFile: stateFile)
    reactor.send(.updateQuery(query))
    await reactor.waitUntilIdle()
    var printed = 0
    var pagesLoaded = 0
    let terminalWidth = isatty(STDOUT_FILENO) == 1 ? Terminal().size.columns : nil
    while true {
      let state = reactor.currentState
      pagesLoaded += 1
      let lines =
        options.common.json
        ? state.repositories[printed...].map(\.outputJSON)
        // The widths come from every row so far, so a new page lines up with the ones above
        // unless one of its rows is wider.
        : Repository.outputTable(state.repositories).dropFirst(printed).map { row in
          terminalWidth.map { row.truncated(toDisplayWidth: $0, ellipsis: "…") } ?? row
        }
      for line in lines { OutputFile.standardOutput.writeLine(line) }
      printed = state.repositories.count
      if let error = state.error {
        program.printError(error.message(server: options.serverName))
        return 1
      }
      guard pagesLoaded < options.pages, state.hasNextPage else {
        if pagesLoaded < options.pages { noteTheCap(state, options: options, program: program) }
        return 0
      }
      reactor.send(.loadNextPage)
      await reactor.waitUntilIdle()
    }
  }

  /// Says why fewer pages than asked for were printed when matches were left: the server serves
  /// only the first 1000 results of a search.
  private static func noteTheCap(
    _ state: GitHubSearchReactor.State, options: SearchOptions, program: Program
  ) {
    guard let total = state.totalCount, total > state.repositories.count else { return }
    let cap = SearchError.endOfResults.message(server: options.serverName)
    program.printError(
      "note: stopped after \(state.repositories.count) of \(total) results: \(cap)")
  }
}
