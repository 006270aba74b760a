import ExampleCommandLine
import PseudoTerminalSupport
import Testing

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

@Suite(.timeLimit(.minutes(1)))
struct RunModeTests {
  @Test func aScriptPathWinsAndADashIsStandardInput() throws {
    #expect(try RunMode.choose(scriptPath: "a.script") == .script(path: "a.script"))
    #expect(try RunMode.choose(scriptPath: "-") == .script(path: nil))
  }

  @Test func aTerminalOnBothSidesIsInteractiveAndAPipeInIsAScript() throws {
    let pty = try PseudoTerminal()
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer { ends.forEach { close($0) } }

    #expect(
      try RunMode.choose(scriptPath: nil, input: pty.terminal, output: pty.terminal)
        == .interactive)
    #expect(
      try RunMode.choose(scriptPath: nil, input: ends[0], output: pty.terminal)
        == .script(path: nil))
    #expect(
      throws: UsageError(
        "the interactive mode needs a terminal on standard output; "
          + "give --script FILE, or --script - to type commands")
    ) {
      try RunMode.choose(scriptPath: nil, input: pty.terminal, output: ends[1])
    }
  }

  @Test func jsonIsAUsageErrorInTheInteractiveModeOnly() throws {
    let pty = try PseudoTerminal()
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer { ends.forEach { close($0) } }

    #expect(
      throws: UsageError(
        "--json prints JSON lines, which the interactive mode does not; "
          + "give --script FILE, or --script - to type commands")
    ) {
      try RunMode.choose(scriptPath: nil, json: true, input: pty.terminal, output: pty.terminal)
    }
    #expect(
      try RunMode.choose(scriptPath: "-", json: true, input: pty.terminal, output: pty.terminal)
        == .script(path: nil))
    #expect(
      try RunMode.choose(scriptPath: nil, json: true, input: ends[0], output: pty.terminal)
        == .script(path: nil))
  }
}
