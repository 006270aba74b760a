import ExampleCommandLine
import Foundation
import GitHubSearchKit
import Reactors
import ReactorsRecording
import TerminalUI

/// `github-search --replay FILE`: on a terminal (standard input and output), without `--json`,
/// steps through the recorded session in a timeline (``SearchTimeline``); otherwise prints its
/// states as the scripted mode printed them. Both reduce its mutations into the search the
/// session started from (empty, or with the history it restored) — no network, no clock, and
/// no saved state read or written.
///
/// A rate-limit error says how many seconds are left from now, so its line differs from the
/// recorded run's; so does an error of a session that listed no repository, which cannot tell
/// who answered and names "the server" (``SearchScreen/Server/replay(of:)``). Every other line
/// is the same.
enum SessionReplay {
  static func run(path: String, printsJSON: Bool, program: Program) async -> Never {
    let recording: Recording<GitHubSearchReactor>
    do {
      recording = try Recording(contentsOf: URL(fileURLWithPath: path))
    } catch {
      program.failToReplay(error.description)
    }
    // The client is never called: only `reduce` runs.
    let unused = GitHubClient(
      search: { _ in throw CancellationError() }, repository: { _ in throw CancellationError() })
    let saved: GitHubSearchReactor.Saved?
    do {
      saved = try recording.start(as: GitHubSearchReactor.Saved.self)
    } catch {
      program.failToReplay(error.description)
    }
    let reactor = GitHubSearchReactor(client: unused, restoring: saved)
    let server = SearchScreen.Server.replay(of: recording)
    if !printsJSON && TimelineBrowser.hasTerminal {
      await browse(recording, reactor: reactor, server: server, path: path, program: program)
    }
    let printer = StatePrinter(json: printsJSON, server: server.name)
    printer.print(reactor.initialState)
    for state in reactor.replay(recording.mutations) { printer.print(state) }
    exit(0)
  }

  /// Opens the timeline and ends the process as the session ended.
  private static func browse(
    _ recording: Recording<GitHubSearchReactor>, reactor: GitHubSearchReactor,
    server: SearchScreen.Server, path: String, program: Program
  ) async -> Never {
    let timeline = SearchTimeline(recording, reactor: reactor)
    let browser = TimelineBrowser(
      terminal: Terminal(), title: "\(program.name) --replay \(path)",
      count: timeline.timeline.count, entry: { timeline.entry($0) },
      screen: { position, columns, rows in
        timeline.screen(after: position, columns: columns, rows: rows, server: server)
      },
      summary: { timeline.entry($0, withDiff: false) })
    await browser.runToExit(program)
  }
}
