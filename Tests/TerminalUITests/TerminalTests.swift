import ExampleCommandLine
import Foundation
import PseudoTerminalSupport
import Testing

@testable import TerminalUI

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Raw mode and its restoration on a real pseudo-terminal. Serialized: interactive mode is
/// process-wide state. Standard error is not captured here, as it belongs to the test runner;
/// ``TerminalExitTests`` covers the capture in child processes.
@Suite(.serialized, .timeLimit(.minutes(1)))
struct TerminalTests {
  private let esc = "\u{1B}"

  @Test func enteringInteractiveModeOnAPipeFails() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer { ends.forEach { close($0) } }

    #expect(throws: SystemCallError(operation: "tcgetattr", code: ENOTTY)) {
      try Terminal(input: ends[0], output: ends[1]).enterInteractiveMode()
    }
  }

  @Test func interactiveModeIsRawAndRestoreBringsEverythingBack() throws {
    let pty = try PseudoTerminal()
    let original = pty.attributes
    let terminal = Terminal(input: pty.terminal, output: pty.terminal)

    try terminal.enterInteractiveMode(captureStandardError: false)
    let raw = pty.attributes
    let entered = pty.readOutput { $0.hasSuffix("\(esc)[?25l") }
    terminal.restore()
    let left = pty.readOutput { $0.hasSuffix("\(esc)[?1049l") }
    terminal.restore()

    #expect(raw.c_lflag & tcflag_t(ECHO | ICANON | ISIG | IEXTEN) == 0)
    #expect(raw.c_iflag & tcflag_t(ICRNL | IXON) == 0)
    #expect(raw.c_oflag & tcflag_t(OPOST) != 0)
    #expect(entered == "\(esc)[?1049h\(esc)[H\(esc)[2J\(esc)[?25l")
    #expect(left == "\(esc)[0m\(esc)[?25h\(esc)[?1049l")
    #expect(sameModes(pty.attributes, original))
  }

  @Test func aScreenDrawsOnlyWhileItsTerminalIsInteractive() throws {
    let pty = try PseudoTerminal()
    pty.resize(rows: 5, columns: 20)
    let terminal = Terminal(input: pty.terminal, output: pty.terminal)
    let screen = Screen(terminal: terminal)
    // What is written by now: `render` writes before it returns.
    func written() -> String { pty.readOutput(waitingUpTo: 0) { _ in false } }

    screen.render(Frame(lines: ["before"]))
    let beforeEntering = written()
    try terminal.enterInteractiveMode(captureStandardError: false)
    _ = written()
    screen.render(Frame(lines: ["drawn"]))
    let whileInteractive = written()
    terminal.restore()
    _ = written()
    // A late frame, as a timer's last tick would draw it after the app's loop ended.
    screen.render(Frame(lines: ["late"]))
    let afterRestoring = written()
    try terminal.enterInteractiveMode(captureStandardError: false)
    _ = written()
    screen.render(Frame(lines: ["late"]))
    let again = written()
    terminal.restore()

    #expect(beforeEntering == "")
    #expect(whileInteractive.contains("drawn"))
    #expect(afterRestoring == "")
    // The frame not drawn is not taken as drawn: back in interactive mode, all of it is.
    #expect(again.hasPrefix("\(esc)[H\(esc)[2J") && again.contains("late"))
  }

  @Test func theSizeIsTheWindowSize() throws {
    let pty = try PseudoTerminal()
    pty.resize(rows: 33, columns: 101)

    #expect(
      Terminal(input: pty.terminal, output: pty.terminal).size
        == TerminalSize(rows: 33, columns: 101))
  }

  @Test func keysTypedAtTheTerminalArriveDecoded() async throws {
    let pty = try PseudoTerminal()
    let terminal = Terminal(input: pty.terminal, output: pty.terminal)
    try terminal.enterInteractiveMode(captureStandardError: false)
    defer { terminal.restore() }
    var events = terminal.events().makeAsyncIterator()

    pty.type(Array("名".utf8) + [0x1B, 0x5B, 0x41, 0x03, 0x0D])
    var received: [TerminalEvent] = []
    while received.count < 4, let event = await events.next() { received.append(event) }
    pty.type([0x1B])  // Escape alone: delivered once no byte follows it.
    let escape = await events.next()

    #expect(received == [.key(.character("名")), .key(.up), .key(.control("c")), .key(.enter)])
    #expect(escape == .key(.escape))
  }

  @Test func theKeyStreamFinishesAtEndOfInput() async throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer { close(ends[0]) }
    let events = Terminal(input: ends[0], output: ends[1]).events()

    _ = "ab".withCString { write(ends[1], $0, 2) }
    close(ends[1])
    var received: [TerminalEvent] = []
    for await event in events { received.append(event) }

    #expect(received == [.key(.character("a")), .key(.character("b"))])
  }

  @Test func aWindowChangeSignalDeliversTheNewSize() async throws {
    let pty = try PseudoTerminal()
    let terminal = Terminal(input: pty.terminal, output: pty.terminal)
    // The stream subscribes when it is made and buffers what arrives before it is read.
    let events = terminal.events()

    pty.resize(rows: 12, columns: 34)
    // To the process, as the terminal sends it: `raise` targets the calling thread, and the
    // threads that run tests block the signal.
    kill(getpid(), SIGWINCH)

    var iterator = events.makeAsyncIterator()
    #expect(await iterator.next() == .resize(TerminalSize(rows: 12, columns: 34)))
  }

  private func sameModes(_ lhs: termios, _ rhs: termios) -> Bool {
    lhs.c_iflag == rhs.c_iflag && lhs.c_oflag == rhs.c_oflag && lhs.c_cflag == rhs.c_cflag
      && lhs.c_lflag == rhs.c_lflag
  }
}
