import Foundation
import Testing

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// `github-search --record FILE` then `--replay FILE` on a pseudo-terminal: the timeline opens
/// with the search's own screen, the keys step through it, find, and quit, and the terminal is
/// left as it was; `--record` says how to replay.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct GitHubSearchTimelineEndToEndTests {
  static let right = "\u{1B}[C"
  static let left = "\u{1B}[D"
  static let shiftRight = "\u{1B}[1;2C"
  static let shiftLeft = "\u{1B}[1;2D"
  static let home = "\u{1B}[H"
  static let end = "\u{1B}[F"
  static let enterAlternateScreen = "\u{1B}[?1049h"
  static let leaveAlternateScreen = "\u{1B}[?1049l"

  /// A session of 14 events: 5 actions (two queries, a next page, an open and a close) and the
  /// mutations they led to.
  static let script = """
    query swift
    wait
    next
    wait
    open 1
    wait
    close
    query rust
    wait
    """

  /// Records `script` offline into a new file in a new directory named `directory`.
  static func record(
    _ script: String = script, directory: String = "timeline"
  ) async throws -> (file: URL, run: BinaryRun) {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(directory)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("session.jsonl")
    let run = try await BinaryRunner.run(
      "github-search", arguments: ["--offline", "--debounce-ms", "0", "--record", file.path],
      input: script, environment: ["GITHUB_SEARCH_OFFLINE_LATENCY_MS": "0"])
    try #require(run.status == 0, "\(run.standardError)")
    return (file, run)
  }

  /// Opens the timeline of `file` in a window of `rows` × `columns`, once its status line shows.
  func open(_ file: URL, rows: Int = 30, columns: Int = 100) async throws -> TerminalSession {
    let session = try TerminalSession(
      "github-search", arguments: ["--replay", file.path], rows: rows, columns: columns)
    try #require(await session.waitForOutput(containing: "quit"))
    return session
  }

  /// The event list's selected row, without its `› ` mark: the row under the timeline's rule
  /// that starts with `›` (the search's own list, above the rule, marks its selection too).
  static func selectedEvent(_ screen: VirtualScreen) -> String? {
    guard let rule = screen.rows.firstIndex(where: { $0.hasPrefix("── github-search --replay") })
    else { return nil }
    return screen.rows[(rule + 1)...].first { $0.hasPrefix("› ") }
      .map { String($0.dropFirst(2)).trimmingCharacters(in: .whitespaces) }
  }

  /// Types `keys`, then waits until the status line and the selected event read as expected.
  func press(
    _ keys: String, on session: TerminalSession, status: String, selected: String? = nil,
    rows: Int = 30, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    session.type(keys)
    let reached = await session.waitForScreen(rows: rows) { screen in
      screen.rows[rows - 1].hasPrefix(status)
        && selected.map { Self.selectedEvent(screen)?.contains($0) == true } ?? true
    }
    let screen = session.screen(rows: rows)
    #expect(
      reached,
      "status \(screen.rows[rows - 1]); selected \(Self.selectedEvent(screen) ?? "none")",
      sourceLocation: sourceLocation)
  }

  /// Checks that the terminal is as it was and that nothing was drawn after it was restored.
  static func expectRestored(_ session: TerminalSession) throws {
    let output = session.output
    let restored = try #require(output.range(of: leaveAlternateScreen, options: .backwards))
    #expect(
      output[restored.upperBound...].isEmpty,
      "written after the terminal was restored: \(output[restored.upperBound...].debugDescription)"
    )
    #expect(session.hasOriginalModes)
  }

  // MARK: Stepping through

  @Test func theTimelineStepsFindsAndQuitsWithTheTerminalRestored() async throws {
    let (file, _) = try await Self.record()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let session = try await open(file)
    defer { Task { await session.end() } }

    // It opens on the first event, with the search's own screen above the list.
    await press("", on: session, status: "event 1 of 14", selected: #"action updateQuery("swift")"#)
    #expect(session.screen().rows[0].contains("Search GitHub"))
    #expect(session.screen().contains("── what it changed") == false)

    // → and ←: the next and previous event, the search's screen and the diff following.
    await press(
      Self.right + Self.right, on: session, status: "event 3 of 14",
      selected: "mutation setRepos(30 repositories)")
    let results = session.screen()
    #expect(results.contains("── what it changed"))
    #expect(results.rows.contains { $0.hasPrefix("+ ") })
    #expect(results.selectedRepositoryName != nil)
    await press(Self.left, on: session, status: "event 2 of 14", selected: #"setQuery("swift")"#)

    // Shift-→ and Shift-←: the next and previous action.
    await press(
      Self.shiftRight, on: session, status: "event 4 of 14", selected: "action loadNextPage")
    await press(
      Self.shiftRight, on: session, status: "event 7 of 14", selected: "action openRepository")
    await press(
      Self.shiftLeft, on: session, status: "event 4 of 14", selected: "action loadNextPage")

    // End and Home: the last and first event.
    await press(Self.end, on: session, status: "event 14 of 14", selected: "setRepos(30 rep")
    #expect(session.screen().rows[0].contains("rust"))
    await press(Self.home, on: session, status: "event 1 of 14", selected: "updateQuery")

    // `/` finds the next event whose label holds the text, going round; Esc closes the prompt.
    await press("/setdetail", on: session, status: "/setdetail")
    await press(
      "\r", on: session, status: "event 8 of 14", selected: "mutation setDetail(")
    // The search's screen shows the repository's detail, as it did then.
    #expect(session.screen().detailTitle?.contains("/") == true)
    // An empty prompt finds the same text again, and so does `n`.
    await press("/", on: session, status: "/ ")
    await press("\r", on: session, status: "event 9 of 14", selected: "mutation setDetail(")
    await press("n", on: session, status: "event 11 of 14", selected: "setDetail(nil)")
    await press("n", on: session, status: "event 8 of 14", selected: "mutation setDetail(")
    await press("/zzz-nothing\r", on: session, status: "event 8 of 14 · no match for \"zzz")
    await press("/zzz", on: session, status: "/zzz ")
    await press("\u{1B}", on: session, status: "event 8 of 14")

    // `q` quits; nothing is drawn after the terminal is restored.
    session.type("q")
    let exit = try #require(await session.waitForExit())
    #expect(exit.reason == .exit && exit.status == 0)
    try Self.expectRestored(session)
  }

  @Test(arguments: [(40, 10), (20, 10), (100, 10)])
  func smallWindowsKeepTheStatusLineAndTheWayOut(columns: Int, rows: Int) async throws {
    let (file, _) = try await Self.record()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let session = try await open(file, rows: rows, columns: columns)
    defer { Task { await session.end() } }
    session.type(Self.end)
    #expect(
      await session.waitForScreen(rows: rows, columns: columns) {
        $0.rows[rows - 1].hasPrefix(columns < 40 ? "14/14" : "event 14 of 14")
          && $0.rows[rows - 1].hasSuffix("q quit")
      }, "\(session.screen(rows: rows, columns: columns).rows)")
    // The search's query field still shows at the top, and the selected event in the list.
    let screen = session.screen(rows: rows, columns: columns)
    #expect(screen.rows[0].contains("rust") || screen.rows[0].contains("›"))
    #expect(screen.rows.contains { $0.hasPrefix("› ") && $0.contains("s  ") })
    session.type("\u{1B}")  // Esc quits too.
    let exit = try #require(await session.waitForExit())
    #expect(exit.reason == .exit && exit.status == 0)
    try Self.expectRestored(session)
  }

  @Test func ctrlCEndsTheTimelineBySIGINTWithTheTerminalRestored() async throws {
    let (file, _) = try await Self.record()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let session = try await open(file)
    defer { Task { await session.end() } }
    await press(Self.right, on: session, status: "event 2 of 14")
    session.type("\u{03}")
    let exit = try #require(await session.waitForExit())
    #expect(exit.reason == .uncaughtSignal && exit.status == SIGINT)
    try Self.expectRestored(session)
  }

  @Test func aRecordingWithoutEventsShowsTheEmptySearchAndSaysSo() async throws {
    let (file, _) = try await Self.record()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    // Only the header line: a session that ended before anything happened.
    let header = try #require(
      try String(contentsOf: file, encoding: .utf8).split(separator: "\n").first)
    try Data((header + "\n").utf8).write(to: file)
    let session = try await open(file)
    defer { Task { await session.end() } }
    #expect(
      await session.waitForScreen {
        $0.contains("the recording has no events") && $0.rows[29].hasPrefix("no events")
      })
    #expect(session.screen().rows[0].contains("Search GitHub"))
    session.type("q")
    #expect(try #require(await session.waitForExit()).status == 0)
    try Self.expectRestored(session)
  }

  @Test func withJSONOnATerminalTheReplayPrintsAsBefore() async throws {
    let (file, _) = try await Self.record()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let session = try TerminalSession(
      "github-search", arguments: ["--replay", file.path, "--json"])
    defer { Task { await session.end() } }
    let exit = try #require(await session.waitForExit())
    #expect(exit.status == 0)
    #expect(!session.output.contains(Self.enterAlternateScreen))
    #expect(session.output.contains(#""query":"rust""#))
  }

  // MARK: --record says how to replay

  @Test func recordingPrintsThePathAndTheCommandThatReplaysIt() async throws {
    let (file, run) = try await Self.record()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    #expect(
      run.standardError
        == "Recorded to \(file.path) — replay it with: github-search --replay \(file.path)\n")
  }

  @Test func aPathThatAShellWouldSplitIsQuotedAndTheCommandWorksAsPrinted() async throws {
    let (file, run) = try await Self.record(directory: "it's a timeline")
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let command = try #require(
      run.standardError.components(separatedBy: " — replay it with: ").last?
        .trimmingCharacters(in: .newlines))
    let quoted = file.path.replacingOccurrences(of: "'", with: #"'\''"#)
    #expect(command == "github-search --replay '\(quoted)'")
    // Run as printed (off a terminal, so it prints the states): the same file is replayed.
    let replayed = try await BinaryRunner.runShell(command + " --json")
    #expect(replayed.status == 0, "\(replayed.standardError)")
    #expect(replayed.outputLines.last?.contains(#""query":"rust""#) == true)
  }
}
