import Foundation
import Testing

/// The command line both built examples share, as a script or a person uses it: exit statuses
/// that say how a run ended, pages printed as they arrive, options that are refused rather than
/// ignored, recordings that never overwrite a file and replay each change once.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct CommandLineEndToEndTests {
  static let fastSearch = ["GITHUB_SEARCH_OFFLINE_LATENCY_MS": "0"]
  static let fastSignup = [
    "--offline", "--debounce-ms", "0", "--signup-latency-ms", "50", "--seed", "1",
  ]
  static let signupScript = """
    username octocat-2
    password correct-horse-9
    repeat correct-horse-9
    wait
    signup
    wait
    """

  static func temporaryFile(_ name: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "reactors-\(name)-\(UUID().uuidString)")
  }

  // MARK: A run that ends failed exits 1, in both apps

  @Test func aScriptThatEndsRateLimitedExits1AtOnceWithoutWaitingOutTheLimit() async throws {
    let started = ContinuousClock.now
    let run = try await BinaryRunner.run(
      "github-search", arguments: ["--offline", "--debounce-ms", "0"],
      input: "query swift\nwait\n",
      environment: Self.fastSearch.merging(["GITHUB_SEARCH_OFFLINE_RATE_LIMIT": "0"]) { $1 })
    #expect(run.status == 1, "\(run.standardError)")
    #expect(run.standardError.hasPrefix("github-search: rate limited by "))
    #expect(run.outputLines.last?.contains("error: rate limited") == true)
    // The limit lasts a minute; `wait` and the end of the script do not sit it out.
    #expect(ContinuousClock.now - started < .seconds(30))
  }

  @Test func aScriptWhoseSignUpFailedExits1AndOneThatSignedUpExits0() async throws {
    let failed = try await BinaryRunner.run(
      "signup", arguments: Self.fastSignup + ["--signup-failure-rate", "1"],
      input: Self.signupScript)
    #expect(failed.status == 1)
    #expect(failed.standardError.contains("signup: Sign-up failed"))
    let succeeded = try await BinaryRunner.run(
      "signup", arguments: Self.fastSignup + ["--signup-failure-rate", "0"],
      input: Self.signupScript)
    #expect(succeeded.status == 0, "\(succeeded.standardError)")
  }

  // MARK: Pages as they arrive, and the 1000-result cap said

  @Test func aTableOfManyPagesIsPrintedPageByPageAsTheyArrive() async throws {
    // 800 ms per page: the last page comes at least 1.6 s after the first, whatever the load.
    let arrivals = LineArrivals()
    let started = ContinuousClock.now
    let run = try await BinaryRunner.run(
      "github-search", arguments: ["--offline", "--pages", "3", "swift"],
      environment: ["GITHUB_SEARCH_OFFLINE_LATENCY_MS": "800"],
      onLine: { _, _ in arrivals.record() })
    let ended = ContinuousClock.now - started
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.outputLines.count == 90)
    let first = try #require(arrivals.first)
    #expect(ended - (first - started) > .milliseconds(1200), "the first row came at the end")
  }

  @Test func pagesPastTheCapStopAtOneThousandAndSaySo() async throws {
    let run = try await BinaryRunner.run(
      "github-search", arguments: ["--offline", "--per-page", "100", "--pages", "40", "swift"],
      environment: Self.fastSearch)
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.outputLines.count == 1000)
    #expect(
      run.standardError
        == "github-search: note: stopped after 1000 of 1210 results: the offline server serves "
        + "only the first 1000 results of a search\n")
  }

  @Test func fewerResultsThanPagesAskedForAreNotACap() async throws {
    let run = try await BinaryRunner.run(
      "github-search", arguments: ["--offline", "--per-page", "100", "--pages", "40", "c++"],
      environment: Self.fastSearch)
    #expect(run.status == 0)
    #expect(run.standardError.isEmpty)
  }

  // MARK: Help a person can read

  @Test(arguments: ["signup", "github-search"])
  func theHelpFitsAnEightyColumnTerminal(program: String) async throws {
    let run = try await BinaryRunner.run(program, arguments: ["--help"])
    #expect(run.status == 0)
    #expect(run.standardOutput.hasPrefix("usage: \(program) "))
    // Every character of the help is one column wide (ASCII and arrows).
    let wide = run.outputLines.filter { $0.count > 80 }
    #expect(wide.isEmpty, "\(wide)")
  }

  @Test func aBadCommandLineIsExplainedWithinEightyColumns() async throws {
    let pasted = String(repeating: "very-long-option-", count: 6)
    let cases: [(String, [String])] = [
      ("github-search", ["--replay", "session.jsonl", "--offline"]),
      ("github-search", ["--\(pasted)"]),
      ("github-search", ["--offline", "--api-url", "https://\(pasted).example"]),
      ("signup", ["--replay", "session.jsonl", "--signup-failure-rate", "0.5"]),
      ("signup", ["--seed", pasted]),
    ]
    for (program, arguments) in cases {
      let run = try await BinaryRunner.run(program, arguments: arguments)
      #expect(run.status == 2, "\(program) \(arguments)")
      let lines = run.standardError.split(separator: "\n")
      #expect(lines.count >= 2 && lines.allSatisfy { $0.count <= 80 }, "\(lines)")
      #expect(lines.first?.hasPrefix("\(program): ") == true)
      #expect(lines.last == "Run '\(program) --help' for usage.")
    }
  }

  @Test func aBadScriptRecordingOrSettingIsExplainedWithinEightyColumns() async throws {
    let recordings = try await recordBoth()
    defer { recordings.values.forEach { try? FileManager.default.removeItem(at: $0) } }
    let signupRecording = try #require(recordings["signup"]).path
    let cases: [(String, [String], input: String?, [String: String], status: Int32)] = [
      ("github-search", ["--offline"], "query swift\nfoo bar\n", [:], 2),
      ("signup", ["--offline"], "username x\nfoo\n", [:], 2),
      ("github-search", ["--replay", signupRecording], nil, [:], 2),
      (
        "signup", ["--replay", "/nonexistent/\(String(repeating: "dir/", count: 20))s.jsonl"], nil,
        [:], 2
      ),
      (
        "github-search", ["--offline", "swift"], nil, ["GITHUB_SEARCH_OFFLINE_LATENCY_MS": "abc"], 1
      ),
    ]
    for (program, arguments, input, environment, status) in cases {
      let run = try await BinaryRunner.run(
        program, arguments: arguments, input: input, environment: environment)
      #expect(run.status == status, "\(program) \(arguments): \(run.standardError)")
      let lines = run.standardError.split(separator: "\n")
      #expect(lines.count >= 2 && lines.allSatisfy { $0.count <= 80 }, "\(lines)")
      #expect(lines.first?.hasPrefix("\(program): ") == true)
      #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  ") }, "\(lines)")
    }
  }

  // MARK: Options refused rather than ignored

  @Test(arguments: ["signup", "github-search"])
  func jsonOnATerminalIsAUsageError(program: String) async throws {
    let session = try TerminalSession(program, arguments: ["--offline", "--json"])
    defer { Task { await session.end() } }
    let end = try #require(await session.waitForExit())
    #expect(end.status == 2)
    #expect(
      session.output.contains(
        "\(program): --json prints JSON lines, which the interactive mode does not"))
    #expect(session.hasOriginalModes)
  }

  @Test func replayTakesOnlyJSONInBothApps() async throws {
    let recordings = try await recordBoth()
    defer { recordings.values.forEach { try? FileManager.default.removeItem(at: $0) } }
    let cases: [(String, [String], String)] = [
      ("signup", ["--offline"], "it takes only --json, not --offline"),
      ("signup", ["--seed", "3"], "it takes only --json, not --seed"),
      ("github-search", ["--offline"], "it takes only --json, not --offline"),
      ("github-search", ["--pages", "2"], "it takes only --json, not --pages"),
      ("github-search", ["swift"], "--replay cannot be combined with a QUERY"),
    ]
    for (program, extra, message) in cases {
      let path = try #require(recordings[program]).path
      let run = try await BinaryRunner.run(program, arguments: ["--replay", path] + extra)
      #expect(run.status == 2, "\(program) \(extra)")
      #expect(run.unwrappedStandardError.contains(message), "\(run.standardError)")
      #expect(run.standardOutput.isEmpty)
      // The same recording replays with --json alone.
      let plain = try await BinaryRunner.run(program, arguments: ["--replay", path, "--json"])
      #expect(plain.status == 0, "\(plain.standardError)")
    }
  }

  @Test(arguments: ["signup", "github-search"])
  func recordNeverOverwritesAFile(program: String) async throws {
    let file = Self.temporaryFile("keep")
    defer { try? FileManager.default.removeItem(at: file) }
    try Data("keep me\n".utf8).write(to: file)
    let run = try await BinaryRunner.run(
      program, arguments: ["--offline", "--record", file.path],
      input: program == "signup" ? "username octocat\n" : "query swift\n",
      environment: Self.fastSearch)
    #expect(run.status == 1)
    #expect(
      run.standardError
        == "\(program): \(file.path) already exists; --record does not overwrite a file: "
        + "remove it or pick another\n")
    #expect(run.standardOutput.isEmpty)
    #expect(try String(contentsOf: file, encoding: .utf8) == "keep me\n")
  }

  // MARK: Replays print each change once; the simulation says so

  @Test func anInteractiveSessionReplaysEachChangeOnceNotEachKeystroke() async throws {
    let file = Self.temporaryFile("interactive.jsonl")
    defer { try? FileManager.default.removeItem(at: file) }
    let session = try TerminalSession(
      "signup", arguments: ["--offline", "--seed", "1", "--record", file.path])
    defer { Task { await session.end() } }
    try #require(await session.waitForOutput(containing: "Create your account"))
    // A person types a name and a 16-character password twice, then quits.
    session.type("someone")
    try #require(await session.waitForOutput(containing: "someone is available"))
    session.type("\tcorrect-horse-99")
    try #require(await session.waitForOutput(containing: "Password meets the requirements"))
    session.type("\tcorrect-horse-99")
    try #require(await session.waitForOutput(containing: "Passwords match"))
    session.type("\u{1B}")
    #expect(await session.waitForExit()?.status == 0)

    let replay = try await BinaryRunner.run("signup", arguments: ["--replay", file.path])
    #expect(replay.status == 0, "\(replay.standardError)")
    let states = replay.standardOutput.components(separatedBy: "\n\n")
    let repeats = zip(states, states.dropFirst()).filter { $0 == $1 }.count
    #expect(repeats == 0, "\(repeats) states printed again unchanged")
    // Each keystroke of the name and the repeat's first change the verdicts; typing on in a
    // password changes nothing printed.
    #expect(states.count < 30, "\(states.count) states")
  }

  @Test func theScriptedWelcomeSaysTheSignUpWasSimulated() async throws {
    let run = try await BinaryRunner.run(
      "signup", arguments: Self.fastSignup + ["--signup-failure-rate", "0"],
      input: Self.signupScript)
    #expect(run.status == 0)
    #expect(
      run.standardOutput.hasSuffix(
        "Outcome   ✓ Welcome, octocat-2! Your account was created (simulated)\n"))
  }

  /// A short recording of each app, by program name.
  func recordBoth() async throws -> [String: URL] {
    var recordings: [String: URL] = [:]
    for (program, script) in [
      ("signup", "username octocat\nwait\n"), ("github-search", "query swift\nwait\n"),
    ] {
      let file = Self.temporaryFile("\(program).jsonl")
      let run = try await BinaryRunner.run(
        program, arguments: ["--offline", "--record", file.path], input: script,
        environment: Self.fastSearch)
      try #require(run.status == 0, "\(run.standardError)")
      recordings[program] = file
    }
    return recordings
  }
}

/// When the lines of a run arrived, from the runner's reading thread.
final class LineArrivals: @unchecked Sendable {
  // Safe: `times` is touched only with `lock` held.
  private let lock = NSLock()
  private var times: [ContinuousClock.Instant] = []

  func record() {
    lock.withLock { times.append(.now) }
  }

  /// When the first line arrived, if one did.
  var first: ContinuousClock.Instant? {
    lock.withLock { times.first }
  }
}
