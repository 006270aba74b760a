import ExampleCommandLine
import Foundation
import GitHubSearchKit
import Reactors

/// `github-search --script FILE`: drives the reactor with one command per line and prints every
/// state it goes through.
///
/// The states are printed by a synchronous observer, so none is skipped, even the short-lived
/// ones (a `searching…` state cut short by the next query shows). At the end of the script the
/// run waits for the work still pending, as a final `wait` would.
enum ScriptedSearch {
  /// Runs `commands`; returns the exit status (0).
  static func run(
    commands: [ScriptCommand], options: SearchOptions, client: GitHubClient,
    recorder: ReactorRecorder<GitHubSearchReactor.Action, GitHubSearchReactor.Mutation>?
  ) async -> Int32 {
    let reactor = GitHubSearchReactor(
      client: client, debounce: options.common.debounce, recorder: recorder)
    let printer = StatePrinter(json: options.common.json)
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
    return 0
  }
}
