import Foundation
import Testing

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// What the examples remember across runs, as a person sees it on a pseudo-terminal: the query
/// history of github-search (Ctrl-P, Ctrl-N) and signup's username draft, each kept in a
/// `--state-dir` of the test's own, whether the app quits or is ended by a signal; and a corrupted
/// file, moved aside and said on the screen.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct SavedStateEndToEndTests {
  static let escape = "\u{1B}"
  static let controlP = "\u{10}"
  static let controlN = "\u{0E}"
  static let controlU = "\u{15}"

  /// A directory of the test's own for `--state-dir`, removed by `remove()`.
  struct StateDirectory {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("saved-state-e2e-\(UUID().uuidString)", isDirectory: true)

    var path: String { url.path }

    func remove() {
      try? FileManager.default.removeItem(at: url)
    }

    /// The names of the files in it.
    var fileNames: [String] {
      (try? FileManager.default.contentsOfDirectory(atPath: path))?.sorted() ?? []
    }
  }

  /// Starts the interactive search, offline, with its state in `directory`, and waits for its
  /// first frame.
  func startSearch(in directory: StateDirectory) async throws -> TerminalSession {
    let session = try TerminalSession(
      "github-search", arguments: ["--offline", "--state-dir", directory.path],
      environment: ["GITHUB_SEARCH_OFFLINE_LATENCY_MS": "0"], rows: 30, columns: 100)
    try #require(await session.waitForOutput(containing: "›"))
    return session
  }

  /// Whether the query field (the first row) holds `query` and nothing more: blanks follow it
  /// up to where the server's name is.
  static func field(_ screen: VirtualScreen, holds query: String) -> Bool {
    guard let row = screen.rows.first, let prompt = row.range(of: "› ") else { return false }
    let text = row[prompt.upperBound...]
    return text.hasPrefix(query) && text.dropFirst(query.count).prefix(2).allSatisfy { $0 == " " }
  }

  /// Quits with Esc and waits for the process to end with status 0.
  func quit(_ session: TerminalSession) async throws {
    session.type(Self.escape)
    let exit = try #require(await session.waitForExit())
    #expect(exit.status == 0)
    try session.expectRestored()
  }

  @Test func threeQueriesSearchedComeBackNewestFirstWithCtrlPAfterARestart() async throws {
    let directory = StateDirectory()
    defer { directory.remove() }

    // Given three queries searched, each cleared with Ctrl-U before the next, and a quit
    let first = try await startSearch(in: directory)
    defer { Task { await first.end() } }
    for (query, count) in [("swift", 1210), ("rust", 366), ("go", 321)] {
      first.type(Self.controlU + query)
      try #require(await first.waitForScreen { $0.contains("\(count) repositories") })
    }
    try await quit(first)

    // When the search opens again
    let second = try await startSearch(in: directory)
    defer { Task { await second.end() } }

    // Then the last query is back, searched, and Ctrl-P walks back through the others, newest
    // first; Ctrl-N walks forward again
    #expect(await second.waitForScreen { Self.field($0, holds: "go") })
    #expect(await second.waitForScreen { $0.contains("321 repositories") })
    #expect(second.screen().contains("Ctrl-P/Ctrl-N history"))
    second.type(Self.controlP)
    #expect(await second.waitForScreen { Self.field($0, holds: "rust") })
    second.type(Self.controlP)
    #expect(await second.waitForScreen { Self.field($0, holds: "swift") })
    #expect(await second.waitForScreen { $0.contains("1210 repositories") })
    second.type(Self.controlP)  // The oldest: it stays.
    second.type(Self.controlN)
    #expect(await second.waitForScreen { Self.field($0, holds: "rust") })
    try await quit(second)
    #expect(directory.fileNames.contains("github-search.json"))
  }

  @Test func aCorruptedStateFileIsMovedAsideAndTheSearchSaysSoAndStartsAfresh() async throws {
    let directory = StateDirectory()
    defer { directory.remove() }
    try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
    let garbage = Data("{\"format\":\"reactors-state\",\"sta".utf8)
    try garbage.write(to: directory.url.appendingPathComponent("github-search.json"))

    let session = try await startSearch(in: directory)
    defer { Task { await session.end() } }

    #expect(await session.waitForScreen { $0.contains("moved aside") })
    #expect(Self.field(session.screen(), holds: ""))
    let kept = try #require(
      directory.fileNames.first { $0.hasPrefix("github-search.json.corrupt-") })
    #expect(try Data(contentsOf: directory.url.appendingPathComponent(kept)) == garbage)

    // The notice goes with the next key, and the search works as ever.
    session.type("rust")
    #expect(await session.waitForScreen { $0.contains("366 repositories") })
    #expect(!session.screen().contains("moved aside"))
    try await quit(session)
  }

  @Test func signupKeepsTheUsernameDraftAndSaysItWasRestored() async throws {
    let directory = StateDirectory()
    defer { directory.remove() }
    func start() async throws -> TerminalSession {
      let session = try TerminalSession(
        "signup",
        arguments: [
          "--offline", "--seed", "1", "--debounce-ms", "0", "--state-dir", directory.path,
        ], rows: 30, columns: 100)
      try #require(await session.waitForOutput(containing: "Create your account"))
      return session
    }

    let first = try await start()
    defer { Task { await first.end() } }
    first.type("someone\tabcdefg1")
    #expect(await first.waitForScreen { $0.contains("someone is available") })
    try await quit(first)
    let saved = try String(
      contentsOf: directory.url.appendingPathComponent("signup.json"), encoding: .utf8)
    #expect(saved.contains("someone"))
    #expect(!saved.contains("abcdefg1"))

    let second = try await start()
    defer { Task { await second.end() } }
    #expect(await second.waitForScreen { $0.contains("restored from your last run") })
    #expect(await second.waitForScreen { $0.contains("someone is available") })
    second.type("\u{7F}")  // An edit: the draft is the person's own typing again.
    #expect(await second.waitForScreen { !$0.contains("restored from your last run") })
    try await quit(second)
  }

  // MARK: Ended by a signal from outside

  /// The signals that ask a program to end, as `kill` or `timeout` (`SIGTERM`) and a closed
  /// terminal (`SIGHUP`) send them.
  static let endingSignals: [Int32] = [SIGTERM, SIGHUP]

  /// Sends `signal`, and expects the process to end by it, the terminal restored, after the
  /// exit path ran: the recording's report, written on the way out, follows the restored screen.
  func end(_ session: TerminalSession, by signal: Int32) async throws {
    session.send(signal)
    let exit = try #require(await session.waitForExit())
    #expect(exit.reason == .uncaughtSignal && exit.status == signal, "\(exit)")
    #expect(session.hasOriginalModes)
    let output = session.output
    let restored = try #require(
      output.range(of: TerminalSession.leaveAlternateScreen, options: .backwards))
    #expect(output[restored.upperBound...].hasPrefix("Recorded to "))
  }

  @Test(arguments: endingSignals)
  func theQueryHistoryIsSavedWhenTheSearchIsEndedByASignal(signal: Int32) async throws {
    let directory = StateDirectory()
    defer { directory.remove() }
    let recording = directory.url.appendingPathComponent("session.jsonl").path

    // Given a query searched
    let first = try TerminalSession(
      "github-search",
      arguments: ["--offline", "--state-dir", directory.path, "--record", recording],
      environment: ["GITHUB_SEARCH_OFFLINE_LATENCY_MS": "0"], rows: 30, columns: 100)
    defer { Task { await first.end() } }
    try #require(await first.waitForOutput(containing: "›"))
    first.type("rust")
    try #require(await first.waitForScreen { $0.contains("366 repositories") })

    // When the search is ended by the signal
    try await end(first, by: signal)

    // Then the history is on disk, and the next run opens with it
    let saved = try String(
      contentsOf: directory.url.appendingPathComponent("github-search.json"), encoding: .utf8)
    #expect(saved.contains("\"rust\""))
    let second = try await startSearch(in: directory)
    defer { Task { await second.end() } }
    #expect(await second.waitForScreen { Self.field($0, holds: "rust") })
    try await quit(second)
  }

  @Test(arguments: endingSignals)
  func theUsernameDraftIsSavedWhenTheFormIsEndedByASignal(signal: Int32) async throws {
    let directory = StateDirectory()
    defer { directory.remove() }
    let recording = directory.url.appendingPathComponent("session.jsonl").path
    func start(_ extra: [String] = []) async throws -> TerminalSession {
      let session = try TerminalSession(
        "signup",
        arguments: [
          "--offline", "--seed", "1", "--debounce-ms", "0", "--state-dir", directory.path,
        ] + extra, rows: 30, columns: 100)
      try #require(await session.waitForOutput(containing: "Create your account"))
      return session
    }

    let first = try await start(["--record", recording])
    defer { Task { await first.end() } }
    first.type("someone")
    try #require(await first.waitForScreen { $0.contains("someone is available") })
    try await end(first, by: signal)
    let saved = try String(
      contentsOf: directory.url.appendingPathComponent("signup.json"), encoding: .utf8)
    #expect(saved.contains("someone"))

    let second = try await start()
    defer { Task { await second.end() } }
    #expect(await second.waitForScreen { $0.contains("restored from your last run") })
    try await quit(second)
  }

  @Test func aScriptEndedBySIGTERMSavesWhatItSearchedAndEndsByTheSignal() async throws {
    let directory = StateDirectory()
    defer { directory.remove() }
    // A query, then a minute's sleep that only the signal cuts short.
    let run = try await BinaryRunner.run(
      "github-search", arguments: ["--offline", "--state-dir", directory.path],
      input: "query swift\nwait\nsleep 60000\n",
      environment: ["GITHUB_SEARCH_OFFLINE_LATENCY_MS": "0"]
    ) { line, pid in
      if line.contains("1210 repositories") { kill(pid, SIGTERM) }
    }
    #expect(run.endedBy(SIGTERM), "\(run.reason) \(run.status) \(run.standardError)")
    let saved = try String(
      contentsOf: directory.url.appendingPathComponent("github-search.json"), encoding: .utf8)
    #expect(saved.contains("\"swift\""))
  }

  // MARK: Scripts, recordings and a directory that cannot be written

  static let signupOffline = [
    "--offline", "--debounce-ms", "0", "--signup-latency-ms", "0", "--seed", "1",
  ]

  @Test func aScriptKeepsNothingWithoutStateDirAndItsRecordingReplaysFromTheRestoredDraft()
    async throws
  {
    let directory = StateDirectory()
    defer { directory.remove() }
    let home = StateDirectory()
    defer { home.remove() }
    // Without --state-dir, a script neither reads nor writes the default directory.
    let plain = try await BinaryRunner.run(
      "signup", arguments: Self.signupOffline, input: "username mona\nwait\n",
      environment: ["XDG_STATE_HOME": home.path])
    #expect(plain.status == 0)
    #expect(home.fileNames.isEmpty)

    // With it, the draft is kept, and the next run starts from it, says so, and records it.
    let first = try await BinaryRunner.run(
      "signup", arguments: Self.signupOffline + ["--state-dir", directory.path],
      input: "username mona\nwait\n")
    #expect(first.status == 0, "\(first.standardError)")
    let recording = directory.url.appendingPathComponent("session.jsonl")
    let second = try await BinaryRunner.run(
      "signup",
      arguments: Self.signupOffline + [
        "--state-dir", directory.path, "--json", "--record", recording.path,
      ],
      input: "wait\n")
    #expect(second.status == 0, "\(second.standardError)")
    #expect(second.outputLines.first?.contains(#""text":"mona""#) == true)
    #expect(second.outputLines.first?.contains(#""restored":true"#) == true)

    // The replay goes through the same states, from the restored draft, and touches no file.
    let before = directory.fileNames
    let replay = try await BinaryRunner.run(
      "signup", arguments: ["--replay", recording.path, "--json"])
    #expect(replay.status == 0, "\(replay.standardError)")
    #expect(replay.outputLines == second.outputLines)
    #expect(directory.fileNames == before)
  }

  @Test func aStateDirectoryThatCannotBeMadeIsSaidAndTheRunGoesOn() async throws {
    let directory = StateDirectory()
    defer { directory.remove() }
    try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
    let file = directory.url.appendingPathComponent("a-file")
    try Data("x".utf8).write(to: file)
    // A directory under a regular file cannot be made, whoever runs the test.
    let run = try await BinaryRunner.run(
      "github-search",
      arguments: ["--offline", "--state-dir", file.appendingPathComponent("state").path],
      input: "query swift\nwait\n", environment: ["GITHUB_SEARCH_OFFLINE_LATENCY_MS": "0"])
    #expect(run.status == 0)
    // One line, naming the directory that cannot be made and why.
    let state = file.appendingPathComponent("state")
    #expect(
      run.standardError
        == "github-search: cannot save the state to \(state.path)/github-search.json: "
        + "mkdir \(state.path): Not a directory\n")
    #expect(run.outputLines.last?.contains("1210 repositories") == true)
  }
}
