import Foundation
import Testing

/// The interactive signup form as a person uses it, on a pseudo-terminal against the offline
/// directory: what the screen shows (replayed by ``VirtualScreen``) while filling the form in a
/// tall and a short window, signing up, failing and retrying.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct SignupTerminalEndToEndTests {
  static let tab = "\t"
  static let enter = "\r"
  static let shiftTab = "\u{1B}[Z"
  static let backspace = "\u{7F}"

  /// Starts the form, offline, and waits for its first frame.
  func start(
    rows: Int = 30, columns: Int = 100, failureRate: String = "0", latency: Int = 100
  ) async throws -> TerminalSession {
    let session = try TerminalSession(
      "signup",
      arguments: [
        "--offline", "--seed", "1", "--debounce-ms", "0", "--signup-failure-rate", failureRate,
        "--signup-latency-ms", String(latency),
      ], rows: rows, columns: columns)
    try #require(await session.waitForOutput(containing: "Create your account"))
    return session
  }

  /// Where the program last put the cursor it shows: the position written right before the
  /// last "show cursor" (the form's renderer ends each frame that way).
  static func cursor(in output: String) -> (row: Int, column: Int)? {
    guard let match = output.matches(of: /\u{1B}\[(\d+);(\d+)H\u{1B}\[\?25h/).last,
      let row = Int(match.output.1), let column = Int(match.output.2)
    else { return nil }
    return (row - 1, column - 1)
  }

  /// The row whose text starts with `prefix`, if one does.
  static func row(startingWith prefix: String, in screen: VirtualScreen) -> Int? {
    screen.rows.firstIndex { $0.hasPrefix(prefix) }
  }

  /// Whether the field labelled `label` shows `count` characters (masked or not) between its
  /// brackets.
  static func field(_ label: String, holds count: Int, in screen: VirtualScreen) -> Bool {
    guard let row = screen.rows.first(where: { $0.dropFirst(2).hasPrefix(label) }),
      let open = row.firstIndex(of: "[")
    else { return false }
    let inside = row[row.index(after: open)...].prefix { $0 != "]" }
    return inside.trimmingCharacters(in: .whitespaces).count == count
  }

  /// Types a free name and a password GitHub accepts (`abcdefg1`), and waits for both verdicts.
  func fillNameAndPassword(_ session: TerminalSession, rows: Int = 30) async throws {
    session.type("someone")
    try #require(await session.waitForScreen(rows: rows) { $0.contains("someone is available") })
    session.type(Self.tab + "abcdefg1")
    try #require(
      await session.waitForScreen(rows: rows) { $0.contains("Password meets the requirements") })
  }

  // MARK: 7. A short window scrolls to the focused field; the hints stay

  @Test func at10RowsTheFocusedFieldItsCursorAndTheHintsAlwaysShow() async throws {
    let session = try await start(rows: 10)
    defer { Task { await session.end() } }
    try await fillNameAndPassword(session, rows: 10)

    // On to the repeat, then the button: each focused stop is on screen with the hints below.
    session.type(Self.tab)
    #expect(await session.waitForScreen(rows: 10) { $0.contains("› Repeat password") })
    session.type("abc")
    #expect(
      await session.waitForScreen(rows: 10) { Self.field("Repeat password", holds: 3, in: $0) })
    let typing = session.screen(rows: 10)
    let repeatRow = try #require(Self.row(startingWith: "› Repeat password", in: typing))
    #expect(typing.rows[9].contains("Esc quit"), "\(typing.rows)")
    // The cursor sits in the repeat field, after the three characters typed.
    let cursor = try #require(Self.cursor(in: session.output))
    #expect(cursor.row == repeatRow, "\(typing.rows)")
    #expect(cursor.column == 20 + 3)

    session.type(Self.tab)
    #expect(await session.waitForScreen(rows: 10) { $0.contains("› [ Sign up ]") })
    #expect(session.screen(rows: 10).rows[9].contains("Esc quit"))

    // Back to the top: the username is on screen again.
    session.type(Self.tab)
    #expect(await session.waitForScreen(rows: 10) { $0.contains("› Username") })
    #expect(session.screen(rows: 10).rows[9].contains("Esc quit"))
  }

  @Test func at40ColumnsTheHintsSayHowToMoveAndNothingIsCutWithoutAnEllipsis() async throws {
    let session = try await start(columns: 40)
    defer { Task { await session.end() } }
    session.type("someone")
    #expect(await session.waitForScreen(columns: 40) { $0.contains("someone is") })
    let shown = session.screen(columns: 40)
    #expect(shown.rows[0] == "  Create your account", "\(shown.rows[0])")
    let hints = try #require(shown.rows.first { $0.contains("Esc quit") })
    #expect(hints == "  Tab/Shift-Tab move · Esc quit")
    // The footer's long lines end with "…" rather than in the middle of an address.
    let source = try #require(shown.rows.first { $0.hasPrefix("  usernames: offline") })
    #expect(source.hasSuffix("…") && source.count == 40, "\(source)")

    // On the button, pressing it is the hint that stays.
    session.type(Self.tab + Self.tab + Self.tab)
    #expect(await session.waitForScreen(columns: 40) { $0.contains("› [ Sign up ]") })
    #expect(session.screen(columns: 40).contains("  Enter sign up · Esc quit"))
  }

  @Test func ctrlLRedrawsTheWholeFormAsInTheSearch() async throws {
    let session = try await start()
    defer { Task { await session.end() } }
    #expect(await session.waitForScreen { $0.contains("Esc quit") })
    let mark = session.outputCount
    session.type("\u{0C}")  // Ctrl-L
    // The screen is cleared and every line drawn again, the title included.
    #expect(await session.waitForOutput(containing: "\u{1B}[2J", after: mark))
    #expect(await session.waitForOutput(containing: "Create your account", after: mark))
  }

  // MARK: 8. A finished form shows one coherent state

  @Test(arguments: [(100, 30), (80, 24)])
  func afterASuccessfulSignUpTheFormSaysOneThing(columns: Int, rows: Int) async throws {
    let session = try await start(rows: rows, columns: columns)
    defer { Task { await session.end() } }
    try await fillNameAndPassword(session, rows: rows)
    session.type(Self.tab + "abcdefg1")
    #expect(await session.waitForScreen(rows: rows) { $0.contains("Passwords match") })
    session.type(Self.enter + Self.enter)  // Enter moves to the button, then presses it.
    #expect(
      await session.waitForScreen(rows: rows, columns: columns) {
        $0.contains("Welcome, someone!")
      })

    let finished = session.screen(rows: rows, columns: columns)
    #expect(finished.contains("✓ someone is your account"), "\(finished.rows)")
    #expect(finished.contains("Your account was created (simulated)"))
    // What to do next, whole: an 80-column window cut it short.
    let button = try #require(finished.rows.first { $0.contains("[ Sign up ]") })
    #expect(
      button.contains("signed up · ") && button.hasSuffix(" for another account"), "\(button)")
    #expect(!finished.contains("already taken"), "\(finished.rows)")
    #expect(!finished.contains("every field needs"), "\(finished.rows)")
    #expect(!finished.contains("✗"), "\(finished.rows)")
  }

  @Test func aPressBeforeTheNameIsCheckedSaysNotYetUntilTheCheckEnds() async throws {
    // The passwords go in first and the name last, so that only two keys (Shift-Tab back to the
    // button, Enter) lie between the name's last letter and the press, against five seconds'
    // debounce. Typed in field order, 46 keys lay between them, and under a sanitizer on a
    // loaded CI machine they took longer than the debounce: the check came first and the press
    // signed up.
    let session = try TerminalSession(
      "signup",
      arguments: [
        "--offline", "--seed", "1", "--debounce-ms", "5000", "--signup-failure-rate", "0",
      ])
    defer { Task { await session.end() } }
    try #require(await session.waitForOutput(containing: "Create your account"))
    let password = "correct-horse-battery"
    session.type(Self.tab + password + Self.tab + password)
    #expect(await session.waitForScreen { $0.contains("Passwords match") })
    session.type(Self.tab + Self.tab + "someone" + Self.shiftTab + Self.enter)
    #expect(await session.waitForScreen { $0.contains("not yet: every field needs a ✓ first") })
    #expect(await session.waitForScreen { $0.contains("✓ someone is available") })
    // Every field has its ✓ now: the hint no longer says otherwise.
    let checked = session.screen()
    let button = try #require(checked.rows.first { $0.contains("[ Sign up ]") })
    #expect(!button.contains("not yet"), "\(button)")
  }

  // MARK: 9. The checklist reads either/or, keeps its height, and a mismatch waits

  @Test func anAcceptedPasswordShowsNoCrossAndTheAlternativesReadEitherOr() async throws {
    let session = try await start()
    defer { Task { await session.end() } }
    session.type(Self.tab + "abcdefg1")
    #expect(await session.waitForScreen { $0.contains("Password meets the requirements") })
    let accepted = session.screen()
    #expect(!accepted.contains("✗"), "\(accepted.rows)")
    #expect(accepted.contains("– at least 15 characters"), "\(accepted.rows)")
    #expect(
      accepted.contains("or ✓ at least 8 characters, ✓ a number, ✓ a lowercase letter"),
      "\(accepted.rows)")
  }

  @Test func typingThePasswordNeverMovesTheFieldsBelow() async throws {
    let session = try await start()
    defer { Task { await session.end() } }
    session.type(Self.tab)
    #expect(await session.waitForScreen { $0.contains("› Password") })
    var rows: Set<Int> = []
    for (count, character) in "abcdefg1xyz".enumerated() {
      session.type(String(character))
      #expect(await session.waitForScreen { Self.field("Password", holds: count + 1, in: $0) })
      let shown = session.screen()
      rows.insert(try #require(Self.row(startingWith: "  Repeat password", in: shown)))
    }
    #expect(rows.count == 1, "the repeat field moved between rows \(rows.sorted())")
  }

  @Test func aMismatchShowsOnceTheRepeatIsAsLongAsThePasswordOrLeft() async throws {
    let session = try await start()
    defer { Task { await session.end() } }
    session.type(Self.tab + "abcdefg1" + Self.tab)
    #expect(await session.waitForScreen { $0.contains("› Repeat password") })

    for (count, character) in "abcdefg".enumerated() {
      session.type(String(character))
      #expect(
        await session.waitForScreen { Self.field("Repeat password", holds: count + 1, in: $0) })
      #expect(!session.screen().contains("Doesn't match"), "after \(count + 1) characters")
    }
    session.type("2")  // As long as the password, and different.
    #expect(await session.waitForScreen { $0.contains("✗ Doesn't match the password") })

    session.type(Self.backspace + Self.backspace + Self.backspace)
    #expect(await session.waitForScreen { Self.field("Repeat password", holds: 5, in: $0) })
    #expect(!session.screen().contains("Doesn't match"))
    session.type(Self.tab)  // Leaving the field shows it.
    #expect(await session.waitForScreen { $0.contains("› [ Sign up ]") })
    #expect(session.screen().contains("✗ Doesn't match the password"))
  }

  // MARK: 10. A retry replaces the old failure with the spinner

  @Test func aRetryDoesNotKeepTheOldFailureNextToTheSpinner() async throws {
    // 3 s per sign-up: the spinner shows long enough to be looked at on a loaded machine.
    let session = try await start(failureRate: "1", latency: 3000)
    defer { Task { await session.end() } }
    try await fillNameAndPassword(session)
    session.type(Self.tab + "abcdefg1")
    #expect(await session.waitForScreen { $0.contains("Passwords match") })
    session.type(Self.enter + Self.enter)
    #expect(await session.waitForScreen { $0.contains("✗ Sign-up failed") })

    let mark = session.outputCount
    session.type(Self.enter)  // Try again.
    #expect(await session.waitForOutput(containing: "signing up", after: mark))
    let retrying = session.screen()
    try #require(retrying.contains("signing up (simulated)"), "the retry ended too soon")
    #expect(!retrying.contains("Sign-up failed"), "\(retrying.rows)")
  }

  @Test func whileASignUpRunsEnterIsNotOfferedForTheButton() async throws {
    // 5 s to sign up: the screen is read long before it ends, even on a loaded machine.
    let session = try await start(latency: 5000)
    defer { Task { await session.end() } }
    try await fillNameAndPassword(session)
    session.type(Self.tab + "abcdefg1")
    #expect(await session.waitForScreen { $0.contains("Passwords match") })
    session.type(Self.enter)
    #expect(await session.waitForScreen { $0.contains("Enter sign up · Esc quit") })
    session.type(Self.enter)
    #expect(await session.waitForScreen { $0.contains("signing up (simulated)") })
    let signingUp = session.screen()
    try #require(signingUp.contains("signing up (simulated)"), "the sign-up ended too soon")
    #expect(signingUp.contains("Tab/Shift-Tab move · Esc quit"), "\(signingUp.rows)")
    #expect(!signingUp.contains("Enter sign up"), "\(signingUp.rows)")
  }
}
