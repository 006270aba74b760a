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
    commands: [ScriptCommand], options: SearchOptions, client: GitHubClient
  ) async -> Int32 {
    let reactor = GitHubSearchReactor(client: client, debounce: options.common.debounce)
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

  /// Prints each new state once, skipping the initial one and repeats.
  private final class StatePrinter: @unchecked Sendable {
    // Safe: `last` is read and written only with `lock` held; the reactor calls `print` one
    // state at a time anyway.
    private let lock = NSLock()
    private let json: Bool
    private var last: GitHubSearchReactor.State?

    init(json: Bool) {
      self.json = json
    }

    func print(_ state: GitHubSearchReactor.State) {
      lock.withLock {
        defer { last = state }
        guard let last, last != state else { return }
        OutputFile.standardOutput.writeLine(json ? state.outputJSON() : state.outputLine())
      }
    }
  }
}
