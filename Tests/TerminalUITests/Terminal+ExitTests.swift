import Foundation
import PseudoTerminalSupport
import TerminalUI
import Testing

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The terminal is restored however the process ends: each case runs a child process (this test
/// binary again, running only ``TerminalExitChild``) on a pseudo-terminal, which enters
/// interactive mode and then ends as told, and checks what the terminal looks like afterwards.
///
/// Linux only: there the test binary is an executable that can run one test on its own.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct TerminalExitTests {
  static let testBinary: String? = {
    #if os(Linux)
    let path = CommandLine.arguments[0]
    return path.hasSuffix(".xctest") && FileManager.default.isExecutableFile(atPath: path)
      ? path : nil
    #else
    return nil
    #endif
  }()

  static let isRunningUnderThreadSanitizer =
    dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil

  @Test(
    .enabled(if: testBinary != nil),
    arguments: [
      ("exit", .exit, 3),
      ("SIGTERM", .uncaughtSignal, SIGTERM),
      ("SIGINT", .uncaughtSignal, SIGINT),
      ("SIGHUP", .uncaughtSignal, SIGHUP),
      ("SIGQUIT", .uncaughtSignal, SIGQUIT),
      ("trap", .uncaughtSignal, SIGILL),
      ("abort", .uncaughtSignal, SIGABRT),
      ("segfault", .uncaughtSignal, SIGSEGV),
    ] as [(String, Process.TerminationReason, Int32)])
  func theTerminalIsRestoredWhenTheProcessEnds(
    way: String, reason: Process.TerminationReason, status: Int32
  ) async throws {
    let pty = try PseudoTerminal()
    let original = pty.attributes
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(Self.testBinary))
    process.arguments = ["--testing-library", "swift-testing", "--filter", "TerminalExitChild"]
    process.environment = ProcessInfo.processInfo.environment.merging([
      TerminalExitChild.wayVariable: way,
      TerminalExitChild.terminalVariable: pty.terminalPath,
      // The crash reporter is not under test, and symbolicating would only slow the run.
      "SWIFT_BACKTRACE": "enable=no",
    ]) { $1 }
    process.standardOutput = FileHandle.nullDevice
    // Standard error is the terminal, as for an app started from a shell.
    process.standardError = FileHandle(fileDescriptor: pty.terminal, closeOnDealloc: false)

    try process.run()
    let output = await withCheckedContinuation { continuation in
      Thread {
        let output = pty.readOutput(until: process)
        process.waitUntilExit()
        continuation.resume(returning: output)
      }.start()
    }
    let entered = try #require(output.range(of: "\u{1B}[?1049h\u{1B}[H\u{1B}[2J\u{1B}[?25l"))
    let restored = try #require(output.range(of: "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"))
    let whileInteractive = output[entered.upperBound..<restored.lowerBound]
    let afterwards = output[restored.upperBound...]

    if way == "segfault" && Self.isRunningUnderThreadSanitizer {
      // ThreadSanitizer's own SEGV handler comes next in the chain; it reports and exits 66.
      #expect(process.terminationReason == .exit)
      #expect(process.terminationStatus == 66)
    } else if way == "trap" {
      #expect(process.terminationReason == reason)
      #expect([SIGILL, SIGTRAP].contains(process.terminationStatus))
    } else {
      #expect(process.terminationReason == reason)
      #expect(process.terminationStatus == status)
    }
    // What was written to standard error while the UI was up shows after it, on the normal
    // screen; for a trap, that includes the runtime's message.
    #expect(whileInteractive.isEmpty)
    // Under ThreadSanitizer, a race in the child is reported here (its SEGV report is not one).
    #expect(!afterwards.contains("WARNING: ThreadSanitizer"), "\(afterwards)")
    #expect(afterwards.contains(TerminalExitChild.diagnostic))
    if way == "trap" { #expect(afterwards.contains("Fatal error: Index out of range")) }
    let attributes = pty.attributes
    #expect(attributes.c_lflag == original.c_lflag)
    #expect(attributes.c_iflag == original.c_iflag)
  }
}

/// The child side of ``TerminalExitTests``; skipped unless run as that child.
@Suite(.timeLimit(.minutes(1)))
struct TerminalExitChild {
  static let wayVariable = "TERMINALUI_TEST_EXIT_WAY"
  static let terminalVariable = "TERMINALUI_TEST_TERMINAL"
  static let diagnostic = "diagnostic written while interactive"

  @Test(.enabled(if: ProcessInfo.processInfo.environment[wayVariable] != nil))
  func entersInteractiveModeThenEndsAsTold() throws {
    let environment = ProcessInfo.processInfo.environment
    let descriptor = open(try #require(environment[Self.terminalVariable]), O_RDWR | O_NOCTTY)
    let terminal = Terminal(input: descriptor, output: descriptor)
    try terminal.enterInteractiveMode()
    // As an app does. The reader thread also accepts termination signals: this process was
    // started from a test thread and inherited its mask, which blocks them everywhere else.
    let events = terminal.events()
    defer { withExtendedLifetime(events) {} }
    FileHandle.standardError.write(Data((Self.diagnostic + "\n").utf8))
    switch environment[Self.wayVariable] {
    case "exit": exit(3)
    case "SIGTERM": kill(getpid(), SIGTERM)
    case "SIGINT": kill(getpid(), SIGINT)
    case "SIGHUP": kill(getpid(), SIGHUP)
    case "SIGQUIT": kill(getpid(), SIGQUIT)
    case "trap": _ = [Int]()[Int(descriptor)]
    case "abort": abort()
    case "segfault": UnsafeMutablePointer<Int>(bitPattern: 8)!.pointee = 1
    default: Issue.record("unknown way to end")
    }
    // A signal sent to the process may be handled on another thread: wait for it here, but not
    // forever, so a broken handler fails the test instead of leaving a process behind.
    for _ in 0..<300 { usleep(100_000) }
    exit(99)
  }
}
