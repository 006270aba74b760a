import ExampleCommandLine
import Foundation

/// How an example's `--replay` runs a timeline as the whole program.
extension TimelineBrowser {
  /// Whether a timeline can open: standard input and output are both a terminal.
  public static var hasTerminal: Bool {
    isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
  }

  /// Runs the timeline, then ends the process as it ended: status 0 after `q` or Esc, by
  /// `SIGINT` after Ctrl-C, status 1 with `program`'s message when the terminal cannot be used.
  public func runToExit(_ program: Program) async -> Never {
    do {
      if try await run() == .interrupted { ProcessSignals.end(by: SIGINT) }
    } catch {
      program.fail("cannot use the terminal: \(error)")
    }
    exit(0)
  }
}
