import Foundation
import Testing

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Scripts reach both programs the same ways and go wrong the same ways: any readable file or
/// standard input; a bad script is refused whole, before anything runs, with `program: line N:
/// …` and status 2; Ctrl-C ends a run by SIGINT; a closed standard output ends it by SIGPIPE.
/// Standard input or output closed from the start is refused with a message, not used.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct ScriptInputEndToEndTests {
  struct Program: Sendable, CustomStringConvertible {
    let name: String
    let arguments: [String]
    /// A short script that prints a few states.
    let script: String
    var description: String { name }
  }

  static let programs = [
    Program(
      name: "signup",
      arguments: ["--offline", "--json", "--debounce-ms", "0", "--signup-latency-ms", "0"],
      script: "username octocat\nwait\n"),
    Program(
      name: "github-search", arguments: ["--offline", "--json", "--debounce-ms", "0"],
      script: "query swift\nwait\n"),
  ]

  static let environment = ["GITHUB_SEARCH_OFFLINE_LATENCY_MS": "0"]

  func run(
    _ program: Program, _ arguments: [String] = [], input: String? = nil
  ) async throws
    -> BinaryRun
  {
    try await BinaryRunner.run(
      program.name, arguments: program.arguments + arguments, input: input,
      environment: Self.environment)
  }

  func shell(_ program: Program, _ command: String) async throws -> BinaryRun {
    let invocation = ([program.name] + program.arguments).joined(separator: " ")
    return try await BinaryRunner.runShell(
      command.replacingOccurrences(of: "PROGRAM", with: invocation),
      environment: Self.environment)
  }

  // MARK: Where a script comes from

  @Test(arguments: programs)
  func aScriptComesFromAFileAPipeAProcessSubstitutionOrStandardInput(program: Program) async throws
  {
    let quoted = program.script.replacingOccurrences(of: "\n", with: "\\n")
    let runs = [
      try await run(program, input: program.script),
      try await run(program, ["--script", "-"], input: program.script),
      try await shell(program, "PROGRAM --script <(printf '\(quoted)')"),
      try await shell(program, "printf '\(quoted)' | PROGRAM"),
    ]
    for result in runs {
      #expect(result.status == 0, "\(result.standardError)")
      #expect(result.outputLines.count >= 2)
      #expect(result.outputLines.last == runs[0].outputLines.last)
    }
  }

  @Test(arguments: programs)
  func anEmptyDeviceIsAnEmptyScript(program: Program) async throws {
    let result = try await run(program, ["--script", "/dev/null"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.isEmpty)
  }

  @Test(arguments: programs)
  func aScriptThatCannotBeReadSaysWhyAndExitsTwo(program: Program) async throws {
    let missing = try await run(program, ["--script", "/nonexistent/a.script"])
    #expect(missing.status == 2)
    #expect(
      missing.unwrappedStandardError
        == "\(program.name): cannot open the script \"/nonexistent/a.script\": "
        + "No such file or directory\n")
    let directory = try await run(program, ["--script", "/"])
    #expect(directory.status == 2)
    #expect(
      directory.standardError == "\(program.name): cannot read the script \"/\": Is a directory\n")
  }

  // MARK: Bad scripts

  @Test(arguments: programs)
  func aBadLineStopsTheScriptBeforeAnythingRuns(program: Program) async throws {
    let cases: [(script: String, message: String)] = [
      ("fly away", "line 3: unknown command \"fly\""),
      ("sleep -5", "line 3: sleep needs a whole number of milliseconds from 0 to 60000"),
      ("sleep 99999999999999999999999", "line 3: sleep needs a whole number of milliseconds"),
      ("sleep 86400000", "line 3: sleep needs a whole number of milliseconds from 0 to 60000"),
      ("wait \u{1B}[2J", "line 3: control character U+001B is not allowed"),
      ("wait\u{7}", "line 3: control character U+0007 is not allowed"),
    ]
    for (bad, message) in cases {
      let result = try await run(program, input: program.script + bad + "\nwait\n")
      #expect(result.status == 2, "\(bad)")
      // One error, the first bad line's (wrapped to 80 columns).
      #expect(result.unwrappedStandardError.hasPrefix("\(program.name): \(message)"), "\(bad)")
      #expect(result.unwrappedStandardError.split(separator: "\n").count == 1)
      #expect(result.standardOutput.isEmpty, "\(bad): the script ran")
    }
  }

  @Test(arguments: programs)
  func invalidUTF8IsRefusedWithItsLine(program: Program) async throws {
    let result = try await shell(program, #"printf 'wait\n\xff\xfe\n' | PROGRAM"#)
    #expect(result.status == 2)
    #expect(result.standardError == "\(program.name): line 2: the line is not valid UTF-8\n")
    #expect(result.standardOutput.isEmpty)
  }

  @Test(arguments: programs)
  func aTenMegabyteLineIsRefusedAtOnce(program: Program) async throws {
    let line = "wait " + String(repeating: "x", count: 10 << 20) + "\n"
    let result = try await run(program, input: line)
    #expect(result.status == 2)
    #expect(
      result.standardError == "\(program.name): line 1: the line is longer than 8192 bytes\n")
  }

  @Test(arguments: programs)
  func endlessInputIsCutOffWithAClearErrorInsteadOfFillingMemory(program: Program) async throws {
    // Long comment lines, so that a debug build reaches the limit in a moment.
    let comment = "# " + String(repeating: "x", count: 4000)
    let result = try await shell(program, "yes '\(comment)' 2>/dev/null | PROGRAM")
    #expect(result.status == 2)
    #expect(result.standardError == "\(program.name): the script is longer than 1024 KiB\n")
    #expect(result.standardOutput.isEmpty)
  }

  // MARK: Ending early

  @Test(arguments: programs)
  func controlCEndsAScriptedRunBySIGINT(program: Program) async throws {
    // A script that would sleep for a minute once it has printed its first state.
    let result = try await BinaryRunner.run(
      program.name, arguments: program.arguments,
      input: program.script + "sleep 60000\n", environment: Self.environment
    ) { _, pid in kill(pid, SIGINT) }
    #expect(result.endedBy(SIGINT), "\(result.reason) \(result.status)")
  }

  @Test(arguments: programs)
  func aClosedOutputEndsTheRunBySIGPIPE(program: Program) async throws {
    // Many states to print, then a minute of sleep that only a closed pipe cuts short.
    let script = String(repeating: program.script, count: 50) + "sleep 60000\n"
    let quoted = script.replacingOccurrences(of: "\n", with: "\\n")
    let result = try await shell(
      program, "printf '\(quoted)' | PROGRAM | head -1; echo \"status ${PIPESTATUS[1]}\"")
    #expect(result.outputLines.last == "status \(128 + SIGPIPE)", "\(result.standardOutput)")
    #expect(result.outputLines.count == 2)
  }

  // MARK: Standard descriptors closed from the start

  @Test(arguments: programs)
  func aStandardOutputClosedFromTheStartEndsWithStatusOneAndSaysSo(program: Program) async throws {
    // Before, `--help` printed nothing and ended with 0, and a query's output went to whatever
    // the program opened next, or ended it by SIGPIPE.
    for command in ["PROGRAM --help >&-", "PROGRAM swift >&- </dev/null"] {
      let result = try await shell(program, command)
      #expect(result.reason == .exit && result.status == 1, "\(command): \(result.status)")
      #expect(
        result.standardError.contains("standard output is closed"),
        "\(command): \(result.standardError)")
    }
  }

  @Test(arguments: programs)
  func aClosedStandardInputIsRefusedAsAScriptNotReadAsOne(program: Program) async throws {
    for command in ["PROGRAM <&-", "PROGRAM --script - <&-"] {
      let result = try await shell(program, command)
      #expect(result.status == 2, "\(command): \(result.status)")
      #expect(
        result.standardError.contains("cannot read the script from standard input: it is closed"),
        "\(command): \(result.standardError)")
    }
  }

  @Test(arguments: programs)
  func aScriptTypedOnATerminalIsAskedForAndRunsAtCtrlD(program: Program) async throws {
    let session = try TerminalSession(
      program.name, arguments: program.arguments + ["--script", "-"],
      environment: Self.environment)
    let asked = await session.waitForOutput(containing: "Ctrl-D on an empty line runs them")
    session.type(program.script + "\u{4}")
    let exit = await session.waitForExit()
    await session.end()
    #expect(asked)
    #expect(exit?.reason == .exit && exit?.status == 0, "\(String(describing: exit))")
  }
}
