import Foundation
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
    process.standardError = FileHandle.nullDevice

    try process.run()
    await withCheckedContinuation { continuation in
      Thread {
        process.waitUntilExit()
        continuation.resume()
      }.start()
    }
    let output = pty.readOutput(waitingUpTo: 5) { $0.hasSuffix("\u{1B}[?1049l") }

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
    #expect(output.hasPrefix("\u{1B}[?1049h"))
    #expect(output.hasSuffix("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"))
    let restored = pty.attributes
    #expect(restored.c_lflag == original.c_lflag)
    #expect(restored.c_iflag == original.c_iflag)
  }
}

/// The child side of ``TerminalExitTests``; skipped unless run as that child.
@Suite struct TerminalExitChild {
  static let wayVariable = "TERMINALUI_TEST_EXIT_WAY"
  static let terminalVariable = "TERMINALUI_TEST_TERMINAL"

  @Test(.enabled(if: ProcessInfo.processInfo.environment[wayVariable] != nil))
  func entersInteractiveModeThenEndsAsTold() throws {
    let environment = ProcessInfo.processInfo.environment
    let descriptor = open(try #require(environment[Self.terminalVariable]), O_RDWR | O_NOCTTY)
    let terminal = Terminal(input: descriptor, output: descriptor)
    try terminal.enterInteractiveMode()
    // As an app does. The reader thread also accepts termination signals: this process was
    // started from a test thread and inherited its mask, which blocks them everywhere else.
    let keys = terminal.keys()
    defer { withExtendedLifetime(keys) {} }
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
