import ExampleCommandLine
import Foundation
import GitHubSearchKit
import Reactors
import ReactorsPersistence

/// `github-search --script FILE`: drives the reactor with one command per line and prints every
/// state it goes through.
///
/// The states are printed by a synchronous observer, so none is skipped, even the short-lived
/// ones (a `searching…` state cut short by the next query shows). At the end of the script the
/// run waits for the work still pending, as a final `wait` would.
///
/// `wait` waits for requests in flight, not for a rate limit to pass: a script that ends rate
/// limited ends at once, with status 1, as the one-shot search does. (`sleep MS` then `retry`
/// waits one out.)
enum ScriptedSearch {
  /// Runs `commands`; returns the exit status: 1 if the search ends failed (said on standard
  /// error too), else 0.
  static func run(
    commands: [ScriptCommand], options: SearchOptions, client: GitHubClient, program: Program,
    recorder: ReactorRecorder<GitHubSearchReactor.Action, GitHubSearchReactor.Mutation>?,
    stateFile: StateFile<GitHubSearchReactor>?
  ) async -> Int32 {
    let reactor = GitHubSearchReactor(
      client: client, debounce: options.common.debounce, recorder: recorder, stateFile: stateFile)
    let printer = StatePrinter(json: options.common.json, server: options.serverName)
    let observation = reactor.observe { state in printer.print(state) }
    for command in commands {
      switch command {
      case .query(let text): reactor.send(.updateQuery(text))
      case .next: reactor.send(.loadNextPage)
      case .retry: reactor.send(.retry)
      case .open(let number): reactor.send(.openRepository(at: number - 1))
      case .close: reactor.send(.closeRepository)
      case .wait: await reactor.waitUntilIdle()  // The detail's request included.
      case .sleep(let milliseconds): try? await Task.sleep(for: .milliseconds(milliseconds))
      }
    }
    await reactor.waitUntilIdle()
    observation.cancel()
    guard let error = reactor.currentState.error else { return 0 }
    program.printError(error.message(server: options.serverName))
    return 1
  }
}
