import ExampleCommandLine
import Foundation
import Reactors
import ReactorsRecording
import SignupKit
import TerminalUI

/// `signup --replay FILE`: on a terminal, a timeline to step through the recorded session (the
/// form as it looked after each event, the events around it, what each changed); off one, or
/// with `--json`, the states it went through, printed as the recorded run printed them. Both
/// come from reducing its mutations into the form the session started from (empty, or with the
/// draft it restored) — no network, no clock, no sign-up, no saved state read or written.
///
/// The passwords were redacted when the session was recorded; the verdicts that depend on them
/// travel in the mutations (``MaskedFields``), so every printed line is the recorded run's.
enum SessionReplay {
  static func run(path: String, printsJSON: Bool, program: Program) async -> Never {
    let recording: Recording<SignupReactor>
    do {
      recording = try Recording(contentsOf: URL(fileURLWithPath: path))
    } catch {
      program.failToReplay(error.description)
    }
    let saved: SignupReactor.Saved?
    do {
      saved = try recording.start(as: SignupReactor.Saved.self)
    } catch {
      program.failToReplay(error.description)
    }
    // The clients are never called: only `reduce` runs.
    let reactor = SignupReactor(
      availability: UsernameAvailabilityClient(checkAvailability: { _ in throw CancellationError() }
      ),
      signup: SignupClient(signUp: { _, _ in throw CancellationError() }), restoring: saved)
    if !printsJSON && TimelineBrowser.hasTerminal {
      await browse(recording, path: path, reactor: reactor, program: program)
    }
    let printer = StatePrinter(printsJSON: printsJSON)
    printer.print(reactor.initialState)
    for state in reactor.replay(recording.mutations) { printer.print(state) }
    exit(0)
  }

  /// Opens the timeline of `recording`, read from `path`, and ends the process when it closes.
  private static func browse(
    _ recording: Recording<SignupReactor>, path: String, reactor: SignupReactor, program: Program
  ) async -> Never {
    // The lines again, for the cases of the redacted actions, which `Recording` drops; without
    // them (the file gone since) those actions are labelled `<redacted>`.
    let lines = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    let timeline = SignupTimeline(recording, jsonLines: lines, reactor: reactor)
    let browser = TimelineBrowser(
      terminal: Terminal(), title: "\(program.name) --replay \(path)", count: timeline.count,
      entry: timeline.entry,
      screen: { timeline.screen(after: $0, columns: $1, rows: $2) }, summary: timeline.summary)
    await browser.runToExit(program)
  }
}
