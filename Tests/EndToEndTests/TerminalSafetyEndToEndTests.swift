import Foundation
import Testing

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Both interactive UIs, run on a pseudo-terminal as a person runs them: the terminal comes back
/// as it was (modes, cursor, main screen) however the program ends, and a suspension (`SIGTSTP`,
/// then `fg`'s `SIGCONT`) leaves the UI working.
///
/// Linux only: `/proc` tells when a process is stopped.
@Suite(
  .serialized, .timeLimit(.minutes(3)),
  .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat")))
struct TerminalSafetyEndToEndTests {
  /// How each program is started, and what it draws once it is up.
  static let programs: [(product: String, arguments: [String], firstScreen: String)] = [
    ("signup", ["--offline", "--seed", "1"], "Create your account"),
    ("github-search", ["--offline"], "Search the offline catalog"),
  ]

  /// The ways to end a program, and how it must end.
  enum Ending: String, CaseIterable, Sendable {
    case escape, controlC, sigterm, sighup, sigquit, crash

    var expected: (reason: Process.TerminationReason, status: Int32) {
      switch self {
      case .escape: (.exit, 0)
      case .controlC: (.uncaughtSignal, SIGINT)
      case .sigterm: (.uncaughtSignal, SIGTERM)
      case .sighup: (.uncaughtSignal, SIGHUP)
      case .sigquit: (.uncaughtSignal, SIGQUIT)
      case .crash: (.uncaughtSignal, SIGABRT)
      }
    }

    func perform(on session: TerminalSession) {
      switch self {
      case .escape: session.type("\u{1B}")
      case .controlC: session.type("\u{3}")
      case .sigterm: session.send(SIGTERM)
      case .sighup: session.send(SIGHUP)
      case .sigquit: session.send(SIGQUIT)
      // What `abort()`, a failed precondition's report and the runtime's crashes end with.
      case .crash: session.send(SIGABRT)
      }
    }
  }

  static let cases = programs.indices.flatMap { program in
    Ending.allCases.map { (program, $0) }
  }

  /// Runs `body` with `program` started on a terminal, and kills the program afterwards if it
  /// still runs.
  func withSession(
    _ program: Int, _ body: (TerminalSession, String) async throws -> Void
  ) async throws {
    let (product, arguments, firstScreen) = Self.programs[program]
    let session = try TerminalSession(
      product, arguments: arguments, environment: ["GITHUB_SEARCH_OFFLINE_LATENCY_MS": "0"])
    do {
      try await body(session, firstScreen)
    } catch {
      await session.end()
      throw error
    }
    await session.end()
  }

  @Test(arguments: cases)
  func theTerminalIsRestoredHoweverTheProgramEnds(program: Int, ending: Ending) async throws {
    let product = Self.programs[program].product
    try await withSession(program) { session, firstScreen in
      try #require(await session.waitForOutput(containing: firstScreen))
      #expect(session.isRaw)

      ending.perform(on: session)
      let end = try #require(await session.waitForExit())

      #expect(end.reason == ending.expected.reason, "\(product) \(ending)")
      #expect(end.status == ending.expected.status, "\(product) \(ending)")
      #expect(session.hasOriginalModes, "\(product) \(ending)")
      let output = session.output
      #expect(Self.leftTheAlternateScreenAndShowedTheCursor(output), "\(product) \(ending)")
    }
  }

  @Test(arguments: programs.indices)
  func aSuspendedProgramGivesTheTerminalBackAndWorksAgainAfterFg(program: Int) async throws {
    try await withSession(program) { session, firstScreen in
      try #require(await session.waitForOutput(containing: firstScreen))

      // Ctrl-Z is a key in raw mode; the program suspends itself as the shell would.
      session.type("\u{1A}")
      try #require(await session.waitUntil { session.isStopped })
      #expect(session.hasOriginalModes)
      // The pty's reader may not have caught up with what the program wrote before stopping.
      #expect(
        await session.waitUntil { Self.leftTheAlternateScreenAndShowedTheCursor(session.output) })

      // `fg`: the shell continues it.
      let mark = session.outputCount
      session.send(SIGCONT)
      #expect(await session.waitForOutput(containing: firstScreen, after: mark))
      #expect(await session.waitUntil { session.isRaw })
      #expect(session.output(after: mark).contains("\u{1B}[?1049h"))

      // Keys work again: typing shows up on the screen.
      let typed = session.outputCount
      session.type("zq")
      #expect(await session.waitForOutput(containing: "zq", after: typed))

      // A `kill -TSTP` from outside does the same.
      session.send(SIGTSTP)
      #expect(await session.waitUntil { session.isStopped })
      #expect(session.hasOriginalModes)
      session.send(SIGCONT)
      #expect(await session.waitUntil { session.isRaw })

      session.type("\u{1B}")
      #expect(await session.waitForExit()?.status == 0)
      #expect(session.hasOriginalModes)
      #expect(Self.leftTheAlternateScreenAndShowedTheCursor(session.output))
    }
  }

  /// Whether the last alternate-screen entry is followed by a return to the main screen, and the
  /// last hidden cursor by a shown one.
  static func leftTheAlternateScreenAndShowedTheCursor(_ output: String) -> Bool {
    func isUndone(_ doing: String, by undoing: String) -> Bool {
      guard let done = output.range(of: doing, options: .backwards) else { return true }
      return output[done.upperBound...].contains(undoing)
    }
    return output.contains("\u{1B}[?1049h")
      && isUndone("\u{1B}[?1049h", by: "\u{1B}[?1049l")
      && isUndone("\u{1B}[?25l", by: "\u{1B}[?25h")
  }
}
