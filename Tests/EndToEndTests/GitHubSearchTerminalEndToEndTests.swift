import Foundation
import Testing

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The interactive github-search as a person uses it, on a pseudo-terminal against the offline
/// server: what the screen shows (replayed by ``VirtualScreen``) while typing, moving, waiting,
/// failing and quitting, in wide, narrow and short windows.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct GitHubSearchTerminalEndToEndTests {
  static let spinnerFrames: Set<Character> = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
  static let escape = "\u{1B}"
  static let down = "\u{1B}[B"
  static let pageDown = "\u{1B}[6~"

  /// Starts the interactive search, offline, with `latency` per answer, and waits for its
  /// first frame.
  func start(
    rows: Int = 30, columns: Int = 100, latency: Int = 0, environment: [String: String] = [:],
    arguments: [String] = []
  ) async throws -> TerminalSession {
    let session = try TerminalSession(
      "github-search", arguments: ["--offline"] + arguments,
      environment: ["GITHUB_SEARCH_OFFLINE_LATENCY_MS": String(latency)].merging(environment) {
        $1
      }, rows: rows, columns: columns)
    try #require(await session.waitForOutput(containing: "›"))
    return session
  }

  /// Searches "swift" and opens the detail of the first repository.
  func openTheFirstDetail(in session: TerminalSession) async {
    session.type("swift")
    #expect(await session.waitForScreen { $0.contains("1210 repositories") })
    session.type("\r")
    #expect(await session.waitForScreen { $0.contains("open issues") })
  }

  // MARK: 1. Nothing is written after the terminal is restored

  /// How a run ends: Esc, Ctrl-C, or `SIGTERM` from outside.
  enum Quit: CustomStringConvertible, Sendable {
    case escape, interrupt, terminate

    func perform(on session: TerminalSession) {
      switch self {
      case .escape: session.type("\u{1B}")
      case .interrupt: session.type("\u{03}")
      case .terminate: session.send(SIGTERM)
      }
    }

    var description: String {
      switch self {
      case .escape: "Esc"
      case .interrupt: "Ctrl-C"
      case .terminate: "SIGTERM"
      }
    }
  }

  /// Each way out, while the first page or page 2 loads, right after the spinner's 1st, 2nd or
  /// 3rd frame from the moment the loading showed.
  static let quitCases: [(Quit, duringNextPage: Bool, afterSpinnerFrames: Int)] = [
    (.escape, false, 1), (.escape, false, 2), (.escape, false, 3),
    (.interrupt, false, 1), (.interrupt, false, 2), (.interrupt, false, 3),
    (.terminate, false, 1), (.terminate, false, 2),
    (.escape, true, 1), (.escape, true, 2), (.interrupt, true, 1), (.interrupt, true, 2),
    (.terminate, true, 1),
  ]

  @Test(arguments: quitCases)
  func quittingWhileTheSpinnerRunsWritesNothingAfterTheTerminalIsRestored(
    quit: Quit, duringNextPage: Bool, afterSpinnerFrames: Int
  ) async throws {
    // 3 s per answer: the spinner (a frame per 100 ms) turns many times while a page is on its
    // way, even on a machine so loaded that frames come late (1.2 s was once not enough while
    // the whole suite ran on 2 cores).
    let session = try await start(latency: 3000, arguments: ["--debounce-ms", "0"])
    defer { Task { await session.end() } }
    var mark = session.outputCount
    if duringNextPage {
      session.type("swift")
      try #require(await session.waitForOutput(containing: "1210 repositories", after: mark))
      mark = session.outputCount
      session.type(Self.pageDown)
      try #require(await session.waitForOutput(containing: "loading page 2", after: mark))
    } else {
      session.type("rea")
      try #require(await session.waitForOutput(containing: "searching for", after: mark))
    }
    // Quit right after the spinner drew its n-th frame from here, a different moment of its
    // 100 ms tick in each case.
    let spinnerMark = session.outputCount
    try #require(
      await session.waitUntil {
        session.output(after: spinnerMark).filter(Self.spinnerFrames.contains).count
          >= afterSpinnerFrames
      })
    quit.perform(on: session)
    let exit = try #require(await session.waitForExit())
    #expect(quit == .escape ? exit.status == 0 : exit.reason == .uncaughtSignal)

    try session.expectRestored()
  }

  // MARK: 2. The detail pane follows the selection

  @Test func theDetailPaneFollowsTheSelection() async throws {
    let session = try await start()
    defer { Task { await session.end() } }
    await openTheFirstDetail(in: session)
    let list = session.screen()
    let third = try #require(list.repositoryName(inListRow: 2))
    #expect(list.detailTitle != third)

    session.type(Self.down + Self.down)
    #expect(await session.waitForScreen { $0.detailTitle == third })
    #expect(await session.waitForScreen { $0.contains("open issues") })
    #expect(session.screen().selectedRepositoryName == third)
  }

  // MARK: 3. Results stay on screen, marked stale, while the next ones load

  @Test func typingKeepsThePreviousResultsOnScreenDimmedUntilTheNewOnesArrive() async throws {
    let session = try await start(latency: 1500)
    defer { Task { await session.end() } }
    session.type("swift")
    #expect(await session.waitForScreen { $0.contains("1210 repositories") })
    let before = session.screen()
    let first = try #require(before.repositoryName(inListRow: 0))
    #expect(!before.isDim(row: before.listTop))

    session.type("\u{7F}")  // Backspace: "swif", 1.5 s to come.
    #expect(await session.waitForScreen { $0.contains("searching for “swif”") })
    let during = session.screen()
    #expect(during.repositoryName(inListRow: 0) == first)
    #expect(during.isDim(row: during.listTop))
    #expect(during.contains("previous results dimmed"))

    #expect(
      await session.waitForScreen {
        !$0.contains("searching for") && $0.repositoryName(inListRow: 0) != nil
          && !$0.isDim(row: $0.listTop)
      })
  }

  // MARK: 4. Narrow and short windows

  @Test func at40ColumnsNamesStayWholeAndTheQueryAndHintsShow() async throws {
    let session = try await start(columns: 40)
    defer { Task { await session.end() } }
    session.type("swift")
    #expect(await session.waitForScreen(columns: 40) { $0.contains("1210 repositories") })
    let shown = session.screen(columns: 40)
    #expect(shown.rows[0].contains("swift"))
    #expect(shown.rows[29].hasSuffix("Esc quit"))
    // Every name in the list is whole (no "…"): the name column comes first.
    let names = (0..<5).compactMap { shown.repositoryName(inListRow: $0) }
    #expect(names.count == 5)
    #expect(names.allSatisfy { $0.contains("/") && !$0.hasSuffix("…") })
    // A note that does not fit whole is left out: it was cut to `· the off…`, which says nothing.
    #expect(shown.rows[1] == "1210 repositories · 30 loaded")
  }

  @Test func at20ColumnsTheQueryAndTheWayOutStillShow() async throws {
    let session = try await start(columns: 20)
    defer { Task { await session.end() } }
    session.type("swift")
    #expect(await session.waitForScreen(columns: 20) { $0.contains("1210 repositor") })
    let shown = session.screen(columns: 20)
    #expect(shown.rows[0].hasPrefix("› swift"))
    #expect(shown.rows[29].contains("Esc quit"))
  }

  @Test func at100By10WithTheDetailOpenTheHintsStay() async throws {
    let session = try await start(rows: 10)
    defer { Task { await session.end() } }
    session.type("swift")
    #expect(await session.waitForScreen(rows: 10) { $0.contains("1210 repositories") })
    session.type("\r")
    #expect(await session.waitForScreen(rows: 10) { $0.contains("https://github.com/") })
    let shown = session.screen(rows: 10)
    #expect(shown.rows[0].contains("swift"))
    #expect(shown.rows[9].contains("Esc close"))
    #expect(shown.detailTitle != nil)
    #expect(!shown.rows.contains(""))  // Every row is used.
  }

  @Test func offlineTheDetailSaysItsAddressWasGenerated() async throws {
    let session = try await start()
    defer { Task { await session.end() } }
    await openTheFirstDetail(in: session)
    let shown = session.screen()
    let name = try #require(shown.detailTitle)
    #expect(
      shown.rows.contains("https://github.com/\(name) · generated by the offline catalog"),
      "\(shown.rows)")
  }

  @Test func ctrlLRedrawsTheWholeScreenAndKeepsTheSelection() async throws {
    let session = try await start()
    defer { Task { await session.end() } }
    session.type("swift")
    #expect(await session.waitForScreen { $0.contains("1210 repositories") })
    session.type(Self.down)
    #expect(
      await session.waitForScreen { $0.repositoryName(inListRow: 1) == $0.selectedRepositoryName })
    let selected = try #require(session.screen().selectedRepositoryName)
    let mark = session.outputCount
    session.type("\u{0C}")  // Ctrl-L
    #expect(await session.waitForOutput(containing: "\u{1B}[2J", after: mark))
    #expect(await session.waitForScreen { $0.selectedRepositoryName == selected })
  }

  @Test func shrinkingTheWindowKeepsTheSelectionInView() async throws {
    let session = try await start()
    defer { Task { await session.end() } }
    session.type("swift")
    #expect(await session.waitForScreen { $0.contains("1210 repositories") })
    session.type(String(repeating: Self.down, count: 20) + "\r")
    #expect(await session.waitForScreen { $0.contains("open issues") })
    let selected = try #require(session.screen().selectedRepositoryName)

    let mark = session.outputCount
    session.terminal.resize(rows: 10, columns: 40)
    session.send(SIGWINCH)  // The test's terminal is not the program's controlling terminal.
    #expect(
      await session.waitUntil {
        let shown = VirtualScreen(rows: 10, columns: 40, replaying: session.output(after: mark))
        return shown.detailTitle == selected && shown.selectedRepositoryName == selected
      })
  }

  @Test(arguments: [
    (100, "Search the offline catalog › "), (60, "Search offline › "), (40, "Offline › "),
    (20, "› "),
  ])
  func offlineTheQueryFieldNamesTheOfflineCatalogNotGitHub(
    columns: Int, label: String
  ) async throws {
    let session = try await start(columns: columns)
    defer { Task { await session.end() } }
    session.type("swift")
    #expect(await session.waitForScreen(columns: columns) { $0.contains("1210 repositor") })
    let shown = session.screen(columns: columns)
    #expect(shown.rows[0].hasPrefix(label + "swift"), "\(shown.rows[0])")
    #expect(!shown.contains("GitHub"))
    // Where the search goes shows whole, or not at all.
    #expect(!shown.rows[0].hasSuffix("…"), "\(shown.rows[0])")
  }

  // MARK: 5. Errors where the eye is

  @Test func anErrorIsTheHeadlineWrappedWholeUnderTheQuery() async throws {
    let session = try await start(columns: 40)
    defer { Task { await session.end() } }
    session.type("stars:lots")
    let reason =
      "✗ invalid query: Validation Failed: `stars:lots` is not a number or a range."
    #expect(await session.waitForScreen(columns: 40) { $0.contains("✗ invalid query") })
    let shown = session.screen(columns: 40)
    // Right under the query field, on as many rows as it takes, every word whole.
    #expect(shown.rows[1].hasPrefix("✗ invalid query"))
    let headline = shown.rows[1...4].joined(separator: " ")
    #expect(headline.contains(reason), "\(shown.rows[1...4])")
  }

  // MARK: 6. Hints that are true

  @Test func ctrlRIsOfferedOnlyWhenARetryWouldAskAgainAndThenWorks() async throws {
    let session = try await start(
      environment: ["GITHUB_SEARCH_OFFLINE_FAULTS": "swift=503:1"])
    defer { Task { await session.end() } }
    session.type("swif")
    #expect(await session.waitForScreen { $0.contains("repositories") })
    #expect(!session.screen().contains("Ctrl-R"))
    session.type("t")
    #expect(await session.waitForScreen { $0.contains("HTTP 503") })
    #expect(session.screen().rows[29].contains("Ctrl-R retry"))
    session.type("\u{12}")  // Ctrl-R
    #expect(await session.waitForScreen { $0.contains("1210 repositories") })
    #expect(!session.screen().contains("Ctrl-R"))
  }

  @Test func anOfflineRateLimitCountsDownWithoutBlamingGitHubOrAskingForAToken() async throws {
    let session = try await start(
      environment: ["GITHUB_SEARCH_OFFLINE_RATE_LIMIT": "0", "GITHUB_TOKEN": "ghp_unused"])
    defer { Task { await session.end() } }
    session.type("swift")
    #expect(await session.waitForScreen { $0.contains("retrying in") })
    let shown = session.screen()
    let headline = shown.rows[1...3].joined(separator: " ")
    #expect(headline.contains("rate limited by the offline server: retrying in"))
    #expect(!shown.contains("GITHUB_TOKEN"))
    #expect(!headline.contains("GitHub"))
    #expect(!shown.contains("Ctrl-R"))
  }

  @Test func aDetailThatFailsInANarrowWindowSaysWhyWhole() async throws {
    let session = try await start(
      rows: 10, columns: 40,
      environment: ["GITHUB_SEARCH_OFFLINE_FAULTS": "/repos/adahq/swift-maps=503"])
    defer { Task { await session.end() } }
    session.type("swift")
    #expect(await session.waitForScreen(rows: 10, columns: 40) { $0.contains("adahq/swift-maps") })
    session.type("\r")
    #expect(await session.waitForScreen(rows: 10, columns: 40) { $0.contains("✗ ") })
    let shown = session.screen(rows: 10, columns: 40)
    let error = try #require(shown.rows.firstIndex { $0.hasPrefix("✗ ") })
    // Wrapped over the rows under it, not cut: a cut error hid what to do.
    #expect(
      shown.rows[error...].joined(separator: " ")
        .contains("the offline server is unavailable (HTTP 503); try again later"),
      "\(shown.rows)")
    #expect(shown.rows[9].contains("Esc close"))
  }

  @Test func aQueryOnATerminalCutsEachRowToTheWindowInsteadOfWrappingIt() async throws {
    let session = try TerminalSession(
      "github-search", arguments: ["--offline", "--per-page", "5", "swift"],
      environment: ["GITHUB_SEARCH_OFFLINE_LATENCY_MS": "0"], rows: 30, columns: 60)
    defer { Task { await session.end() } }
    #expect(await session.waitForExit()?.status == 0)
    // The terminal writes each "\n" as "\r\n".
    let rows = session.output.split(separator: "\r\n")
    #expect(rows.count == 5, "\(rows)")
    #expect(rows.allSatisfy { $0.count <= 60 }, "\(rows)")
    #expect(rows.contains { $0.hasSuffix("…") }, "\(rows)")
  }

  @Test(arguments: [false, true])
  func withATokenSetTheCommandLineModesNeverAskForOne(scripted: Bool) async throws {
    let script = FileManager.default.temporaryDirectory
      .appendingPathComponent("github-search-\(UUID().uuidString).script")
    try "query swift\nwait\n".write(to: script, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: script) }
    // On a terminal, as a person runs them: the error line is what they read.
    let session = try TerminalSession(
      "github-search",
      arguments: ["--offline"] + (scripted ? ["--script", script.path] : ["swift"]),
      environment: [
        "GITHUB_SEARCH_OFFLINE_LATENCY_MS": "0", "GITHUB_SEARCH_OFFLINE_RATE_LIMIT": "0",
        "GITHUB_TOKEN": "ghp_alreadySet",
      ])
    defer { Task { await session.end() } }
    #expect(await session.waitForExit() != nil)
    #expect(session.output.contains("rate limited by "))
    #expect(!session.output.contains("GITHUB_TOKEN"))
  }
}
