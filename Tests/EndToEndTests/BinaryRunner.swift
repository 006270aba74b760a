import Foundation

/// What a run of one of the package's executables printed, and how it ended.
struct BinaryRun {
  let status: Int32
  let standardOutput: String
  let standardError: String

  /// The non-empty lines of standard output.
  var outputLines: [String] {
    standardOutput.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
  }
}

/// Runs the executables that `swift build` put next to the test bundle.
enum BinaryRunner {
  /// The directory holding the built products (`.build/<triple>/debug`).
  static var productsDirectory: URL {
    if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
      return bundle.bundleURL.deletingLastPathComponent()
    }
    var url = URL(fileURLWithPath: CommandLine.arguments[0])
    while url.pathComponents.count > 1 {
      if url.pathExtension == "xctest" { return url.deletingLastPathComponent() }
      url.deleteLastPathComponent()
    }
    return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  }

  /// Runs `product` with `arguments`, feeding `input` on standard input, and waits for it.
  ///
  /// The waiting happens on a thread of its own. A test blocked in it would hold one of the few
  /// threads that run every test's tasks (two on a two-core machine): a few runs at once would
  /// stall every other suite for seconds, and the real-time safety nets of their waits (such as
  /// `TestStore.receive`'s) would fail tests that did nothing wrong.
  ///
  /// A run that outlives `timeout` is terminated and reported with status -1; the limit is a
  /// safety net against a hang, not a timing assertion.
  static func run(
    _ product: String, arguments: [String] = [], input: String? = nil,
    environment: [String: String]? = nil, timeout: TimeInterval = 120
  ) async throws -> BinaryRun {
    try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(
          with: Result {
            try runBlocking(
              product, arguments: arguments, input: input, environment: environment,
              timeout: timeout)
          })
      }
    }
  }

  /// ``run(_:arguments:input:environment:timeout:)``, blocking the calling thread.
  private static func runBlocking(
    _ product: String, arguments: [String], input: String?, environment: [String: String]?,
    timeout: TimeInterval
  ) throws -> BinaryRun {
    let process = Process()
    process.executableURL = productsDirectory.appendingPathComponent(product)
    process.arguments = arguments
    if let environment {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let standardInput = Pipe()
    let standardOutput = Pipe()
    let standardError = Pipe()
    process.standardInput = standardInput
    process.standardOutput = standardOutput
    process.standardError = standardError

    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    try process.run()

    let output = Collector(standardOutput.fileHandleForReading)
    let errors = Collector(standardError.fileHandleForReading)
    if let input { standardInput.fileHandleForWriting.write(Data(input.utf8)) }
    try standardInput.fileHandleForWriting.close()

    var status = Int32(-1)
    if finished.wait(timeout: .now() + timeout) == .timedOut {
      process.terminate()
      finished.wait()
    } else {
      status = process.terminationStatus
    }
    return BinaryRun(status: status, standardOutput: output.text(), standardError: errors.text())
  }

  /// Reads a pipe to its end on a background thread, so a chatty child never blocks on a full
  /// pipe.
  private final class Collector: @unchecked Sendable {
    // Safe: `data` is written by the reading thread before `done` is signalled and read only
    // after waiting on `done`.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
      Thread.detachNewThread { [self] in
        data = handle.readDataToEndOfFile()
        done.signal()
      }
    }

    func text() -> String {
      done.wait()
      return String(decoding: data, as: UTF8.self)
    }
  }
}
