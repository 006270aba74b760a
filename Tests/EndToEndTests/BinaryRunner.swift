import BuiltProducts
import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// What a run of one of the package's executables printed, and how it ended.
struct BinaryRun {
  let status: Int32
  let reason: Process.TerminationReason
  let standardOutput: String
  let standardError: String

  /// The non-empty lines of standard output.
  var outputLines: [String] {
    standardOutput.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
  }

  /// Standard error with a usage error's lines joined again: it is wrapped at 80 columns, its
  /// continuation lines indented by two spaces.
  var unwrappedStandardError: String {
    standardError.replacingOccurrences(of: "\n  ", with: " ")
  }

  /// Whether the process ended by `signal` (a shell would report 128 + its number).
  func endedBy(_ signal: Int32) -> Bool {
    reason == .uncaughtSignal && status == signal
  }
}

/// Runs the executables that `swift build` put next to the test bundle.
///
/// NB: every end-to-end suite is `.serialized`: one program per suite at a time keeps the load
/// on a 2-core machine low enough for the in-process suites' real-time limits.
enum BinaryRunner {
  /// Runs `product` with `arguments`, feeding `input` on standard input, and waits for it.
  ///
  /// `onLine` sees each line of standard output as it arrives, with the process's id, on a
  /// thread of the runner's (to sample the process while it runs).
  ///
  /// The waiting happens on a thread of its own. A test blocked in it would hold one of the few
  /// threads that run every test's tasks (two on a two-core machine): a few runs at once would
  /// stall every other suite for seconds, and the real-time safety nets of their waits (such as
  /// `TestStore.receive`'s) would fail tests that did nothing wrong.
  ///
  /// A run that outlives `timeout` is killed and reported with status -1; the limit is a safety
  /// net against a hang, not a timing assertion.
  static func run(
    _ product: String, arguments: [String] = [], input: String? = nil,
    environment: [String: String] = [:], timeout: TimeInterval = 120,
    onLine: (@Sendable (String, Int32) -> Void)? = nil
  ) async throws -> BinaryRun {
    try await run(
      executable: BuiltProducts.executable(product), arguments: arguments,
      input: input.map { Array($0.utf8) }, environment: environment, timeout: timeout,
      onLine: onLine)
  }

  /// Runs `command` with `bash -c`, the built products first on `PATH`: for pipes, `<(...)`
  /// and redirections as a person types them.
  static func runShell(
    _ command: String, environment: [String: String] = [:], timeout: TimeInterval = 120
  ) async throws -> BinaryRun {
    let inherited = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let path = BuiltProducts.directory.path + ":" + inherited
    return try await run(
      executable: URL(fileURLWithPath: "/bin/bash"), arguments: ["-c", command], input: nil,
      environment: environment.merging(["PATH": path]) { $1 }, timeout: timeout, onLine: nil)
  }

  private static func run(
    executable: URL, arguments: [String], input: [UInt8]?, environment: [String: String],
    timeout: TimeInterval, onLine: (@Sendable (String, Int32) -> Void)?
  ) async throws -> BinaryRun {
    try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(
          with: Result {
            try runBlocking(
              executable, arguments: arguments, input: input, environment: environment,
              timeout: timeout, onLine: onLine)
          })
      }
    }
  }

  /// ``run(_:arguments:input:environment:timeout:onLine:)``, blocking the calling thread.
  private static func runBlocking(
    _ executable: URL, arguments: [String], input: [UInt8]?, environment: [String: String],
    timeout: TimeInterval, onLine: (@Sendable (String, Int32) -> Void)?
  ) throws -> BinaryRun {
    // A child that stops reading (a refused script) must not end this process by SIGPIPE.
    signal(SIGPIPE, SIG_IGN)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let standardInput = Pipe()
    let standardOutput = Pipe()
    let standardError = Pipe()
    process.standardInput = standardInput
    process.standardOutput = standardOutput
    process.standardError = standardError

    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    try process.run()
    let pid = process.processIdentifier

    let output = Collector(standardOutput.fileHandleForReading) { onLine?($0, pid) }
    let errors = Collector(standardError.fileHandleForReading, onLine: nil)
    let inputEnd = standardInput.fileHandleForWriting.fileDescriptor
    Thread.detachNewThread {
      // Errors (EPIPE from a child that stopped reading) end the input; that is all.
      if let input {
        input.withUnsafeBytes { bytes in
          var offset = 0
          while offset < bytes.count {
            let count = write(inputEnd, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            offset += count
          }
        }
      }
      try? standardInput.fileHandleForWriting.close()
    }

    if finished.wait(timeout: .now() + timeout) == .timedOut {
      kill(pid, SIGKILL)
      finished.wait()
      return BinaryRun(
        status: -1, reason: process.terminationReason, standardOutput: output.text(),
        standardError: errors.text())
    }
    return BinaryRun(
      status: process.terminationStatus, reason: process.terminationReason,
      standardOutput: output.text(), standardError: errors.text())
  }

  /// Reads a pipe to its end on a background thread, so a chatty child never blocks on a full
  /// pipe, handing each complete line to `onLine` as it arrives.
  private final class Collector: @unchecked Sendable {
    // Safe: `data` is written by the reading thread before `done` is signalled and read only
    // after waiting on `done`.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle, onLine: (@Sendable (String) -> Void)?) {
      Thread.detachNewThread { [self] in
        var lineStart = 0
        while true {
          let chunk = handle.availableData
          if chunk.isEmpty { break }
          data += chunk
          guard let onLine else { continue }
          while let end = data[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
            onLine(String(decoding: data[lineStart..<end], as: UTF8.self))
            lineStart = end + 1
          }
        }
        done.signal()
      }
    }

    func text() -> String {
      done.wait()
      return String(decoding: data, as: UTF8.self)
    }
  }
}
