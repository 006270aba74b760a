import BuiltProducts
import Foundation
import PseudoTerminalSupport

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// One of the executables running on a pseudo-terminal, driven as a person at the keyboard
/// would: keys typed in, the screen's bytes read out, signals sent.
///
/// Everything the program writes is read as it arrives, so it never blocks on a full terminal.
/// Every wait has a deadline: a program that hangs fails the test instead of stalling CI. The
/// waits block a thread of their own, never one of the few that run every test's tasks (see
/// ``BinaryRunner``).
final class TerminalSession: @unchecked Sendable {
  // Safe: `received` and `isStopping` are touched only with `condition` locked; the process and
  // the terminal are used by one test at a time.
  let terminal: PseudoTerminal
  let process = Process()
  /// The terminal's attributes before the program started.
  let originalAttributes: termios
  private let condition = NSCondition()
  private var received: [UInt8] = []
  private var isStopping = false
  private let exited = DispatchSemaphore(value: 0)
  private let finishedReading = DispatchSemaphore(value: 0)
  /// The program's default state directory (`XDG_STATE_HOME`), empty and its own, so that no
  /// run sees what another remembered; removed by ``end()``.
  let stateHome = FileManager.default.temporaryDirectory
    .appendingPathComponent("terminal-session-state-\(UUID().uuidString)", isDirectory: true)

  /// Starts `product` with `arguments` on a new terminal of `rows` by `columns`; `environment`
  /// is added to the test's own (an `XDG_STATE_HOME` in it replaces ``stateHome``).
  init(
    _ product: String, arguments: [String], environment: [String: String] = [:],
    rows: Int = 24, columns: Int = 100
  ) throws {
    terminal = try PseudoTerminal()
    terminal.resize(rows: rows, columns: columns)
    originalAttributes = terminal.attributes
    process.executableURL = BuiltProducts.executable(product)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment
      .merging(["XDG_STATE_HOME": stateHome.path]) { $1 }
      .merging(environment) { $1 }
      .merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
    let handle = FileHandle(fileDescriptor: terminal.terminal, closeOnDealloc: false)
    process.standardInput = handle
    process.standardOutput = handle
    process.standardError = handle
    process.terminationHandler = { [exited] _ in exited.signal() }
    try process.run()
    Thread.detachNewThread { [self] in readUntilStopped() }
  }

  /// Kills the program if it still runs and stops reading: call it when the test is done.
  func end() async {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    _ = await waitForExit()
    try? FileManager.default.removeItem(at: stateHome)
  }

  /// The result of `work`, run on a thread of its own.
  private static func onOwnThread<Result: Sendable>(
    _ work: @escaping @Sendable () -> Result
  ) async -> Result {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread { continuation.resume(returning: work()) }
    }
  }

  /// Everything the program wrote so far.
  var output: String {
    condition.withLock { String(decoding: received, as: UTF8.self) }
  }

  /// What the program wrote after `mark` (a byte count from ``outputCount``).
  func output(after mark: Int) -> String {
    condition.withLock { String(decoding: received[min(mark, received.count)...], as: UTF8.self) }
  }

  /// How many bytes the program wrote so far: a mark for ``waitForOutput(containing:after:)``.
  var outputCount: Int {
    condition.withLock { received.count }
  }

  /// How long a wait lasts before it fails: a safety net sized for CI's sanitizer runs, where
  /// every end-to-end suite's sessions share two cores. The same for every wait: a program that
  /// quits slowly on a loaded machine is as slow as one that starts slowly.
  static let deadline: TimeInterval = 90

  /// Waits until the output written after `mark` contains `text`; `false` after ``deadline``.
  func waitForOutput(containing text: String, after mark: Int = 0) async -> Bool {
    await Self.onOwnThread {
      let found = self.blockUntilOutput(containing: text, after: mark)
      if !found { self.reportTimeout(of: "the wait for \(String(reflecting: text))") }
      return found
    }
  }

  private func blockUntilOutput(containing text: String, after mark: Int) -> Bool {
    let deadline = Date().addingTimeInterval(Self.deadline)
    condition.lock()
    defer { condition.unlock() }
    // Past the deadline, one more look: the reader may have added the text meanwhile.
    var isLate = false
    while !String(decoding: received[min(mark, received.count)...], as: UTF8.self).contains(text) {
      if isLate { return false }
      isLate = !condition.wait(until: deadline)
    }
    return true
  }

  /// Types `text` (or control bytes such as `"\u{1B}"` for Escape).
  func type(_ text: String) {
    terminal.type(Array(text.utf8))
  }

  /// Sends `signal` to the program.
  func send(_ signal: Int32) {
    kill(process.processIdentifier, signal)
  }

  /// Waits for the program to end, and reads what it wrote last; `nil` after ``deadline``.
  func waitForExit() async -> (reason: Process.TerminationReason, status: Int32)? {
    await Self.onOwnThread { self.blockUntilExit() }
  }

  private func blockUntilExit() -> (reason: Process.TerminationReason, status: Int32)? {
    guard exited.wait(timeout: .now() + Self.deadline) == .success else {
      reportTimeout(of: "the wait for the exit")
      return nil
    }
    exited.signal()  // Later calls return at once.
    let isFirst = condition.withLock {
      defer { isStopping = true }
      return !isStopping
    }
    if isFirst { finishedReading.wait() }
    return (process.terminationReason, process.terminationStatus)
  }

  /// Waits until `isTrue` holds, checking every 20 ms; `false` after ``deadline``. For what
  /// sends no notice (the terminal's attributes, a process stopping); the interval only paces
  /// the checks.
  func waitUntil(_ isTrue: @escaping @Sendable () -> Bool) async -> Bool {
    await Self.onOwnThread {
      let holds = self.blockUntil(isTrue)
      if !holds { self.reportTimeout(of: "a wait for a condition") }
      return holds
    }
  }

  private func blockUntil(_ isTrue: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(Self.deadline)
    while !isTrue() {
      guard Date() < deadline else { return false }
      condition.withLock { _ = condition.wait(until: Date().addingTimeInterval(0.02)) }
    }
    return true
  }

  /// Whether the program is stopped (state `T` in `/proc/PID/stat`).
  var isStopped: Bool {
    Self.schedulingState(inStat: "/proc/\(process.processIdentifier)/stat") == "T"
  }

  /// The state letter (`R`, `S`, `D`, `T`…) of a process or thread, from its `/proc` `stat` file.
  static func schedulingState(inStat path: String) -> Character? {
    guard let stat = try? String(contentsOfFile: path, encoding: .utf8),
      let afterName = stat.range(of: ") ")
    else { return nil }
    return stat[afterName.upperBound...].first
  }

  /// Whether the terminal is in the mode it had before the program started.
  var hasOriginalModes: Bool {
    let now = terminal.attributes
    return now.c_lflag == originalAttributes.c_lflag && now.c_iflag == originalAttributes.c_iflag
      && now.c_oflag == originalAttributes.c_oflag && now.c_cflag == originalAttributes.c_cflag
  }

  /// Whether echo and line editing are off, as in the program's interactive mode.
  var isRaw: Bool {
    terminal.attributes.c_lflag & tcflag_t(ECHO | ICANON) == 0
  }

  /// Reads until asked to stop, then what is left.
  private func readUntilStopped() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    var entry = pollfd(fd: terminal.controller, events: Int16(POLLIN), revents: 0)
    while true {
      let isLastPass = condition.withLock { isStopping }
      // The timeout only paces the check for `isStopping`; the last pass takes what is there.
      guard poll(&entry, 1, isLastPass ? 0 : 50) > 0 else {
        if isLastPass { break }
        continue
      }
      let count = read(terminal.controller, &buffer, buffer.count)
      guard count > 0 else { break }
      condition.withLock {
        received += buffer[0..<count]
        condition.broadcast()
      }
    }
    finishedReading.signal()
  }
}
