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
  static let enterAlternateScreen = "\u{1B}[?1049h"

  /// A session of 16 events: 5 actions (two queries, a next page, an open and a close) and the
  /// mutations they led to (each query's search remembering it among them).
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

  // MARK: Stepping through

  @Test func theTimelineStepsFindsAndQuitsWithTheTerminalRestored() async throws {
    let (file, _) = try await Self.record()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let session = try await TerminalSession.timeline("github-search", replaying: file)
    defer { Task { await session.end() } }

    // It opens on the first event, with the search's own screen above the list.
    await session.press("", status: "event 1 of 16", selected: #"action updateQuery("swift")"#)
    // Its field claims no search of GitHub: nothing is searched, and this one was offline.
    #expect(session.screen().rows[0].hasPrefix("Search › "))
    #expect(session.screen().contains("── what it changed") == false)

    // → and ←: the next and previous event, the search's screen and the diff following.
    await session.press(
      TimelineKey.right + TimelineKey.right + TimelineKey.right, status: "event 4 of 16",
      selected: "mutation setRepos(30 repositories)")
    let results = session.screen()
    #expect(results.contains("── what it changed"))
    #expect(results.rows.contains { $0.hasPrefix("+ ") })
    #expect(results.selectedRepositoryName != nil)
    // The query entered the history when its search started, right before the page came.
    await session.press(
      TimelineKey.left, status: "event 3 of 16", selected: #"rememberQuery("swift")"#)

    // Shift-→ and Shift-←: the next and previous action.
    await session.press(
      TimelineKey.shiftRight, status: "event 5 of 16", selected: "action loadNextPage")
    await session.press(
      TimelineKey.shiftRight, status: "event 8 of 16", selected: "action openRepository")
    await session.press(
      TimelineKey.shiftLeft, status: "event 5 of 16", selected: "action loadNextPage")

    // End and Home: the last and first event.
    await session.press(TimelineKey.end, status: "event 16 of 16", selected: "setRepos(30 rep")
    #expect(session.screen().rows[0].contains("rust"))
    await session.press(TimelineKey.home, status: "event 1 of 16", selected: "updateQuery")

    // `/` finds the next event whose label holds the text, going round; Esc closes the prompt.
    await session.press("/setdetail", status: "/setdetail")
    await session.press("\r", status: "event 9 of 16", selected: "mutation setDetail(")
    // The search's screen shows the repository's detail, as it did then.
    #expect(session.screen().detailTitle?.contains("/") == true)
    // An empty prompt finds the same text again, and so does `n`.
    await session.press("/", status: "/ ")
    await session.press("\r", status: "event 10 of 16", selected: "mutation setDetail(")
    await session.press("n", status: "event 12 of 16", selected: "setDetail(nil)")
    await session.press("n", status: "event 9 of 16", selected: "mutation setDetail(")
    await session.press("/zzz-nothing\r", status: "event 9 of 16 · no match for \"zzz")
    await session.press("/zzz", status: "/zzz ")
    await session.press("\u{1B}", status: "event 9 of 16")

    // `q` quits; nothing is drawn after the terminal is restored.
    session.type("q")
    let exit = try #require(await session.waitForExit())
    #expect(exit.reason == .exit && exit.status == 0)
    try session.expectRestored()
  }

  @Test(arguments: [(40, 10), (20, 10), (100, 10)])
  func smallWindowsKeepTheStatusLineAndTheWayOut(columns: Int, rows: Int) async throws {
    let (file, _) = try await Self.record()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let session = try await TerminalSession.timeline(
      "github-search", replaying: file, rows: rows, columns: columns)
    defer { Task { await session.end() } }
    session.type(TimelineKey.end)
    #expect(
      await session.waitForScreen(rows: rows, columns: columns) {
        $0.rows[rows - 1].hasPrefix(columns < 40 ? "16/16" : "event 16 of 16")
          && $0.rows[rows - 1].hasSuffix("q quit")
      }, "\(session.screen(rows: rows, columns: columns).rows)")
    // The search's query field still shows at the top, and the selected event in the list.
    let screen = session.screen(rows: rows, columns: columns)
    #expect(screen.rows[0].contains("rust") || screen.rows[0].contains("›"))
    #expect(screen.rows.contains { $0.hasPrefix("› ") && $0.contains("s  ") })
    session.type("\u{1B}")  // Esc quits too.
    let exit = try #require(await session.waitForExit())
    #expect(exit.reason == .exit && exit.status == 0)
    try session.expectRestored()
  }

  @Test(arguments: [(100, 30), (40, 10)])
  func theSearchAboveTheTimelineOffersNoKeysOfItsOwn(columns: Int, rows: Int) async throws {
    let (file, _) = try await Self.record()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let session = try await TerminalSession.timeline(
      "github-search", replaying: file, rows: rows, columns: columns)
    defer { Task { await session.end() } }
    // The results (where the search offers ↑↓ and Enter), then a repository open (Esc close).
    await session.press(
      TimelineKey.right + TimelineKey.right + TimelineKey.right, status: "event 4 of 16",
      rows: rows, columns: columns)
    let results = session.screen(rows: rows, columns: columns)
    await session.press("/setdetail\r", status: "event 9 of 16", rows: rows, columns: columns)
    let detail = session.screen(rows: rows, columns: columns)
    for screen in [results, detail] {
      let rule = try #require(TerminalSession.ruleRow(screen), "\(screen.rows)")
      let app = screen.rows[..<rule].joined(separator: "\n")
      for hint in ["↑↓ move", "Enter details", "Esc quit", "Esc close", "PgUp PgDn"] {
        #expect(!app.contains(hint), "\(app)")
      }
    }
    session.type("q")
    #expect(try #require(await session.waitForExit()).status == 0)
  }

  @Test func ctrlCEndsTheTimelineBySIGINTWithTheTerminalRestored() async throws {
    let (file, _) = try await Self.record()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let session = try await TerminalSession.timeline("github-search", replaying: file)
    defer { Task { await session.end() } }
    await session.press(TimelineKey.right, status: "event 2 of 16")
    session.type("\u{03}")
    let exit = try #require(await session.waitForExit())
    #expect(exit.reason == .uncaughtSignal && exit.status == SIGINT)
    try session.expectRestored()
  }

  @Test func aRecordingWithoutEventsShowsTheEmptySearchAndSaysSo() async throws {
    let (file, _) = try await Self.record()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    // Only the header line: a session that ended before anything happened.
    let header = try #require(
      try String(contentsOf: file, encoding: .utf8).split(separator: "\n").first)
    try Data((header + "\n").utf8).write(to: file)
    let session = try await TerminalSession.timeline("github-search", replaying: file)
    defer { Task { await session.end() } }
    #expect(
      await session.waitForScreen {
        $0.contains("the recording has no events") && $0.rows[29].hasPrefix("no events")
      })
    #expect(session.screen().rows[0].hasPrefix("Search › "))
    session.type("q")
    #expect(try #require(await session.waitForExit()).status == 0)
    try session.expectRestored()
  }

  @Test func aShortRecordingListsItsEventsWithoutBlankRows() async throws {
    let (file, _) = try await Self.record("query swift\nwait\n")
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let events = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").count - 1
    let session = try await TerminalSession.timeline("github-search", replaying: file)
    defer { Task { await session.end() } }
    for key in ["", TimelineKey.end] {
      await session.press(key, status: key.isEmpty ? "event 1 of" : "event \(events) of")
      let screen = session.screen()
      let rule = try #require(TerminalSession.ruleRow(screen), "\(screen.rows)")
      let diff = try #require(
        screen.rows.firstIndex { $0.hasPrefix("── what it changed") || $0.hasPrefix("── no ") },
        "\(screen.rows)")
      // Each event on a row of its own, and no blank row between the rule and the status line.
      #expect(diff - rule - 1 == events, "\(screen.rows)")
      #expect(screen.rows[rule...].allSatisfy { !$0.isEmpty }, "\(screen.rows)")
    }
    session.type("q")
    #expect(try #require(await session.waitForExit()).status == 0)
  }

  @Test func aNewQuerysResultsReadAsRepositoryRowsNotAsEditsOfThePreviousOnes() async throws {
    let (file, _) = try await Self.record()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let session = try await TerminalSession.timeline("github-search", replaying: file)
    defer { Task { await session.end() } }
    // The last event: the first page for "rust" replaces the results for "swift".
    await session.press(TimelineKey.end, status: "event 16 of 16", selected: "setRepos(30 rep")
    let screen = session.screen()
    let heading = try #require(screen.rows.firstIndex { $0.hasPrefix("── what it changed") })
    let changed = screen.rows[(heading + 1)..<29].filter {
      $0.hasPrefix("+ ") || $0.hasPrefix("- ")
    }
    #expect(changed.count >= 5, "\(screen.rows)")
    for line in changed {
      // A field (`+   repositories: [`) or a whole repository's row, never one of its fields.
      let isField = line.dropFirst(2).hasPrefix("  ") && !line.dropFirst(2).hasPrefix("    ")
      let isRow = line.dropFirst(2).hasPrefix("    ") && line.contains("★")
      #expect(isField || isRow, "\(line)")
    }
    session.type("q")
    #expect(try #require(await session.waitForExit()).status == 0)
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
