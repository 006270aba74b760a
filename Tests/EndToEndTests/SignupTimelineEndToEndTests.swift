import Foundation
import Testing

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// `signup --record FILE` then `--replay FILE` on a pseudo-terminal: the timeline opens with the
/// form as the live app draws it, the keys step through it, find, and quit, the terminal is left
/// as it was, and a password typed into the recorded session shows on no screen.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct SignupTimelineEndToEndTests {
  static let escape = "\u{1B}"
  static let tab = "\t"
  static let enter = "\r"
  static let password = "Sup3r-secret-passw0rd"

  /// A session of 12 events, 5 of them actions: a name checked, a password, a mistyped repeat
  /// and the right one, and a sign-up that succeeds.
  ///
  /// ```
  ///  1 action updateUsername   2 setUsername          3 setAvailability
  ///  4 action updatePassword   5 setMaskedFields
  ///  6 action updateRepeated…  7 setMaskedFields (a mismatch)
  ///  8 action updateRepeated…  9 setMaskedFields (a match)
  /// 10 action signUp          11 startSigningUp       12 finishSigningUp
  /// ```
  static let script = """
    username octocat-2
    wait
    password \(password)
    repeat \(password)x
    repeat \(password)
    signup
    wait
    """

  /// The options that make a session the same every time: offline, no debounce, a sign-up that
  /// succeeds at once.
  static let steadyOptions = [
    "--offline", "--debounce-ms", "0", "--seed", "1", "--signup-failure-rate", "0",
    "--signup-latency-ms", "10",
  ]

  /// A new directory for a recording, and the path of `session.jsonl` in it.
  static func newRecordingPath() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("signup-timeline-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent("session.jsonl")
  }

  /// Records `script` into a new file.
  static func record(_ script: String = script) async throws -> URL {
    let file = try newRecordingPath()
    let run = try await BinaryRunner.run(
      "signup", arguments: steadyOptions + ["--record", file.path], input: script)
    try #require(run.status == 0, "\(run.standardError)")
    return file
  }

  /// The form's rows: those above the timeline's rule.
  static func form(_ screen: VirtualScreen) -> [String] {
    Array(screen.rows.prefix(TerminalSession.ruleRow(screen) ?? 0))
  }

  // MARK: Stepping through

  @Test func theTimelineStepsFindsAndQuitsWithTheTerminalRestored() async throws {
    let file = try await Self.record()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let session = try await TerminalSession.timeline("signup", replaying: file)
    defer { Task { await session.end() } }

    // It opens on the first event, the form above the list, its username field focused. An
    // action changes nothing itself: the form is as it was until its mutation.
    await session.press(
      "", status: "event 1 of 12", selected: #"action updateUsername("octocat-2")"#)
    let first = session.screen()
    #expect(Self.form(first).contains { $0.hasPrefix("› Username") && $0.contains("[ ") })
    #expect(first.contains("── no change to the state"))

    // → and ←: the next and previous event, the form and the diff following.
    await session.press(
      TimelineKey.right + TimelineKey.right, status: "event 3 of 12",
      selected: "mutation setAvailability(")
    let available = session.screen()
    #expect(Self.form(available).contains { $0.contains("✓ octocat-2 is available") })
    #expect(available.contains("── what it changed"))
    #expect(available.rows.contains { $0.hasPrefix("+ ") && $0.contains("is available") })
    await session.press(
      TimelineKey.left, status: "event 2 of 12", selected: "mutation setUsername(")
    let checking = Self.form(session.screen())
    #expect(checking.contains { $0.contains("[octocat-2 ") }, "\(checking)")
    #expect(checking.contains { $0.contains("checking availability") }, "\(checking)")

    // Shift-→ and Shift-←: the next and previous action; the form's focus follows the field the
    // action came from, and a password action is named but its text redacted.
    await session.press(
      TimelineKey.shiftRight, status: "event 4 of 12",
      selected: "action updatePassword(<redacted>)")
    #expect(Self.form(session.screen()).contains { $0.hasPrefix("› Password") })
    await session.press(
      TimelineKey.shiftRight, status: "event 6 of 12",
      selected: "action updateRepeatedPassword(<redacted>)")
    #expect(Self.form(session.screen()).contains { $0.hasPrefix("› Repeat password") })
    await session.press(
      TimelineKey.right, status: "event 7 of 12",
      selected: "mutation setMaskedFields(strength: ok, match: failed")
    let mismatch = session.screen()
    #expect(mismatch.contains("✗ Doesn't match the password"))
    // The diff shows the verdicts about the passwords change, never their texts.
    #expect(
      mismatch.rows.contains {
        $0.hasPrefix("+ ") && $0.contains("repeatedPasswordValidation: .failed(")
      }, "\(mismatch.rows)")
    await session.press(
      TimelineKey.shiftLeft, status: "event 6 of 12", selected: "updateRepeatedPassword")

    // End: the sign-up's end, announced under the button as the live form announces it.
    await session.press(TimelineKey.end, status: "event 12 of 12", selected: "finishSigningUp(")
    let finished = Self.form(session.screen())
    #expect(finished.contains { $0.contains("› [ Sign up ]") }, "\(finished)")
    #expect(finished.contains { $0.contains("Welcome, octocat-2!") }, "\(finished)")
    await session.press(TimelineKey.home, status: "event 1 of 12", selected: "updateUsername")

    // `/` finds the next event whose label holds the text, ignoring case and going round; `n`
    // finds it again; Esc closes the prompt.
    await session.press("/repeated", status: "/repeated")
    await session.press(Self.enter, status: "event 6 of 12", selected: "updateRepeated")
    await session.press("n", status: "event 8 of 12", selected: "updateRepeated")
    await session.press("n", status: "event 6 of 12", selected: "updateRepeated")
    // Ctrl-U clears whatever text the prompt opens with.
    await session.press(
      "/\u{15}zzz-nothing" + Self.enter, status: "event 6 of 12 · no match for \"zzz")
    await session.press("/", status: "/")
    await session.press(Self.escape, status: "event 6 of 12")

    // `q` quits; nothing is drawn after the terminal is restored, and no screen showed the
    // password.
    session.type("q")
    let exit = try #require(await session.waitForExit())
    #expect(exit.reason == .exit && exit.status == 0)
    try session.expectRestored()
    #expect(!session.output.contains(Self.password))
  }

  // MARK: A session typed at the form

  @Test func aTypedSessionReplaysKeyByKeyAndShowsNoPassword() async throws {
    // Given a session typed at the interactive form, recorded
    let file = try Self.newRecordingPath()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let form = try TerminalSession(
      "signup", arguments: Self.steadyOptions + ["--record", file.path], rows: 30, columns: 100)
    defer { Task { await form.end() } }
    try #require(await form.waitForOutput(containing: "Create your account"))
    form.type("octocat-2")
    try #require(await form.waitForScreen { $0.contains("octocat-2 is available") })
    form.type(Self.tab + Self.password)
    try #require(await form.waitForScreen { $0.contains("Password meets the requirements") })
    form.type(Self.tab + Self.password)
    try #require(await form.waitForScreen { $0.contains("Passwords match") })
    form.type(Self.enter + Self.enter)  // Enter moves to the button, then presses it.
    try #require(await form.waitForScreen { $0.contains("Welcome, octocat-2!") })
    form.type(Self.escape)
    let recorded = try #require(await form.waitForExit())
    try #require(recorded.status == 0)
    // Once the terminal is restored, and only then, the form says how to replay the session.
    let formOutput = form.output
    let restored = try #require(
      formOutput.range(of: TerminalSession.leaveAlternateScreen, options: .backwards))
    #expect(
      formOutput[restored.upperBound...].replacingOccurrences(of: "\r", with: "")
        == "Recorded to \(file.path) — replay it with: signup --replay \(file.path)\n")

    // When it is replayed on a terminal
    let session = try await TerminalSession.timeline("signup", replaying: file)
    defer { Task { await session.end() } }

    // Then every keystroke is an event: an action and its mutation for each of the name's 9
    // characters and each password's 21, and a few more for the checks and the sign-up.
    await session.press("", status: "event 1 of ")
    let status = session.screen().rows[29]
    let total = try #require(
      status.split(separator: " ").dropFirst(3).first.flatMap { Int($0) }, "\(status)")
    #expect(total >= 2 * (9 + 2 * Self.password.count), "\(status)")

    // A password action is labelled with its field, never its text; the form focuses that
    // field, and after the action's mutation masks its text and shows the verdicts as recorded.
    await session.press(
      "/updatePassword" + Self.enter, status: "event ",
      selected: "action updatePassword(<redacted>)")
    #expect(Self.form(session.screen()).contains { $0.hasPrefix("› Password") })
    await session.press(TimelineKey.right, status: "event ", selected: "mutation setMaskedFields(")
    let password = Self.form(session.screen())
    #expect(password.contains { $0.hasPrefix("› Password") && $0.contains("[•") }, "\(password)")
    await session.press(
      "/\u{15}repeatedPassword(" + Self.enter, status: "event ",
      selected: "action updateRepeatedPassword(<redacted>)")
    await session.press(TimelineKey.right, status: "event ", selected: "mutation setMaskedFields(")
    let repeated = Self.form(session.screen())
    #expect(
      repeated.contains { $0.hasPrefix("› Repeat password") && $0.contains("[•") },
      "\(repeated)")
    await session.press(TimelineKey.end, status: "event \(total) of \(total)")
    let last = Self.form(session.screen())
    #expect(last.contains { $0.contains("Welcome, octocat-2!") }, "\(last)")

    session.type("q")
    let exit = try #require(await session.waitForExit())
    #expect(exit.reason == .exit && exit.status == 0)
    try session.expectRestored()
    #expect(!session.output.contains(Self.password))
    #expect(!(try String(contentsOf: file, encoding: .utf8)).contains(Self.password))
  }

  @Test func aPasswordWrittenIntoTheFileByHandShowsOnNoScreen() async throws {
    // Given a recording whose password texts were put back, as an edited file could have them
    let file = try await Self.record()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let quoted = "\"\(Self.password)\""
    let edited = try String(contentsOf: file, encoding: .utf8)
      .replacingOccurrences(
        of: #"{"updatePassword":"<redacted>"}"#, with: #"{"updatePassword":{"_0":"# + quoted + "}}"
      )
      .replacingOccurrences(of: #""password":"<redacted>""#, with: #""password":"# + quoted)
      .replacingOccurrences(
        of: #""repeatedPassword":"<redacted>""#, with: #""repeatedPassword":"# + quoted)
    // One password action, and both texts in each of the three masked-fields mutations.
    let occurrences = edited.components(separatedBy: Self.password).count - 1
    try #require(occurrences == 1 + 2 * 3)
    try Data(edited.utf8).write(to: file)

    // When every event is shown in turn, then neither the form, the list nor a diff shows it.
    let session = try await TerminalSession.timeline("signup", replaying: file)
    defer { Task { await session.end() } }
    await session.press("", status: "event 1 of 12")
    for position in 2...12 {
      await session.press(TimelineKey.right, status: "event \(position) of 12")
    }
    await session.press("/updatePassword" + Self.enter, status: "event 4 of 12")
    #expect(
      TerminalSession.selectedEvent(session.screen())?.hasSuffix(
        "action updatePassword(<redacted>)") == true)
    session.type("q")
    let exit = try #require(await session.waitForExit())
    #expect(exit.reason == .exit && exit.status == 0)
    #expect(!session.output.contains(Self.password))
    #expect(session.output.contains("passwordValidation: .ok(\"Password meets the requirements"))
  }

  // MARK: --record says how to replay

  @Test func aScriptedRecordingSaysAtExitTheCommandThatReplaysItQuotedForAShell() async throws {
    // Given a path that a shell would split at its space and quote
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("signup's timeline \(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("session.jsonl")

    // When a script is recorded there
    let run = try await BinaryRunner.run(
      "signup", arguments: Self.steadyOptions + ["--record", file.path], input: Self.script)
    #expect(run.status == 0, "\(run.standardError)")

    // Then the last thing it says is the one command that replays it, the path quoted
    let quoted = "'" + file.path.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    let command = "signup --replay \(quoted)"
    #expect(run.standardError == "Recorded to \(file.path) — replay it with: \(command)\n")
    // and that command, run by a shell as printed (off a terminal, so it prints the states),
    // replays the session.
    let replayed = try await BinaryRunner.runShell(command + " --json")
    #expect(replayed.status == 0, "\(replayed.standardError)")
    #expect(replayed.outputLines.last?.contains(#""result":"succeeded""#) == true)
    #expect(!replayed.standardOutput.contains(Self.password))
  }

  // MARK: Small windows, Ctrl-C, an empty recording, no terminal

  @Test(arguments: [(40, 10), (20, 10)])
  func smallWindowsKeepTheStatusLineAndTheWayOut(columns: Int, rows: Int) async throws {
    let file = try await Self.record()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let session = try await TerminalSession.timeline(
      "signup", replaying: file, rows: rows, columns: columns)
    defer { Task { await session.end() } }
    session.type(TimelineKey.end)
    #expect(
      await session.waitForScreen(rows: rows, columns: columns) {
        $0.rows[rows - 1].hasPrefix(columns < 40 ? "12/12" : "event 12 of 12")
          && $0.rows[rows - 1].hasSuffix("q quit")
      }, "\(session.screen(rows: rows, columns: columns).rows)")
    // The form's focused stop (the button) still shows at the top, and the selected event in
    // the list.
    let screen = session.screen(rows: rows, columns: columns)
    #expect(Self.form(screen).contains { $0.contains("›") }, "\(screen.rows)")
    #expect(screen.rows.contains { $0.hasPrefix("› ") && $0.contains("s  ") }, "\(screen.rows)")
    session.type(Self.escape)  // Esc quits too.
    let exit = try #require(await session.waitForExit())
    #expect(exit.reason == .exit && exit.status == 0)
    try session.expectRestored()
  }

  @Test func ctrlCEndsTheTimelineBySIGINTWithTheTerminalRestored() async throws {
    let file = try await Self.record()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let session = try await TerminalSession.timeline("signup", replaying: file)
    defer { Task { await session.end() } }
    await session.press(TimelineKey.right, status: "event 2 of 12")
    session.type("\u{03}")
    let exit = try #require(await session.waitForExit())
    #expect(exit.reason == .uncaughtSignal && exit.status == SIGINT)
    try session.expectRestored()
  }

  @Test func aRecordingWithoutEventsShowsTheEmptyFormAndSaysSo() async throws {
    let file = try await Self.record()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    // Only the header line: a session that ended before anything happened.
    let header = try #require(
      try String(contentsOf: file, encoding: .utf8).split(separator: "\n").first)
    try Data((header + "\n").utf8).write(to: file)
    let session = try await TerminalSession.timeline("signup", replaying: file)
    defer { Task { await session.end() } }
    #expect(
      await session.waitForScreen {
        $0.contains("the recording has no events") && $0.rows[29].hasPrefix("no events")
      }, "\(session.screen().rows)")
    #expect(Self.form(session.screen()).contains { $0.hasPrefix("› Username") })
    session.type("q")
    let exit = try #require(await session.waitForExit())
    #expect(exit.reason == .exit && exit.status == 0)
    try session.expectRestored()
  }

  @Test func withJSONOnATerminalTheReplayPrintsLinesAsBefore() async throws {
    let file = try await Self.record()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let session = try TerminalSession("signup", arguments: ["--replay", file.path, "--json"])
    defer { Task { await session.end() } }
    let exit = try #require(await session.waitForExit())
    #expect(exit.reason == .exit && exit.status == 0)
    #expect(session.output.contains(#""result":"succeeded""#))
    #expect(!session.output.contains("\u{1B}[?1049h"), "the timeline opened")
  }
}
