import ExampleCommandLine
import Foundation
import GitHubSearchKit

/// Prints each new state once, skipping the initial one and repeats; a change of the history
/// alone (a search starting) is not printed, as neither output shows the history.
final class StatePrinter: @unchecked Sendable {
  // Safe: `last` is read and written only with `lock` held; the reactor calls `print` one
  // state at a time anyway.
  private let lock = NSLock()
  private let json: Bool
  /// Who answered, as errors name it: `"the offline server"` must not be blamed on GitHub.
  private let server: String
  private var last: GitHubSearchReactor.State?

  init(json: Bool, server: String = "GitHub") {
    self.json = json
    self.server = server
  }

  func print(_ state: GitHubSearchReactor.State) {
    lock.withLock {
      defer { last = state }
      guard var last else { return }
      last.history = state.history
      guard last != state else { return }
      OutputFile.standardOutput.writeLine(
        json ? state.outputJSON(server: server) : state.outputLine(server: server))
    }
  }
}
