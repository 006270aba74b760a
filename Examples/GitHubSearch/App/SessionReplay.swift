import ExampleCommandLine
import Foundation
import GitHubSearchKit
import Reactors

/// `github-search --replay FILE`: prints the states of a recorded session as the scripted mode
/// printed them, by reducing its mutations into an empty search — no network, no clock.
///
/// A rate-limit error says how many seconds are left from now, so its line differs from the
/// recorded run's; every other line is the same.
enum SessionReplay {
  static func run(path: String, printsJSON: Bool, program: Program) -> Never {
    let recording: Recording<GitHubSearchReactor>
    do {
      recording = try Recording(contentsOf: URL(fileURLWithPath: path))
    } catch {
      program.failToReplay(error.description)
    }
    // The client is never called: only `reduce` runs.
    let unused = GitHubClient(
      search: { _ in throw CancellationError() }, repository: { _ in throw CancellationError() })
    let reactor = GitHubSearchReactor(client: unused)
    let printer = StatePrinter(json: printsJSON)
    printer.print(reactor.initialState)
    for state in reactor.replay(recording.mutations) { printer.print(state) }
    exit(0)
  }
}
