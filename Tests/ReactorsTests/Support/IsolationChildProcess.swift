import BuiltProducts
import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Runs `IsolationChild`, the executable built beside the tests, to its end or to a deadline.
enum IsolationChildProcess {
  /// How a run ended: its exit status, or the signal that ended it (`SIGKILL` at the deadline).
  enum Ending: Equatable, Sendable {
    case exited(Int32)
    case signalled(Int32)
  }

  /// What a run wrote, standard output and standard error together, by line, and how it ended.
  struct Run: Sendable {
    let lines: [String]
    let ending: Ending
  }

  /// Runs the child, kills it with `SIGKILL` if it has not ended after `deadline`, and returns
  /// what it wrote.
  ///
  /// The output goes to a file rather than a pipe, so that neither a full pipe nor a copy of its
  /// end held by another process can keep the wait from ending.
  static func run(deadline: Duration = .seconds(60)) async throws -> Run {
    let outputURL = FileManager.default.temporaryDirectory
      .appending(path: "IsolationChild-\(UUID().uuidString).log")
    guard FileManager.default.createFile(atPath: outputURL.path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown)
    }
    defer { try? FileManager.default.removeItem(at: outputURL) }
    let output = try FileHandle(forWritingTo: outputURL)
    defer { try? output.close() }

    let process = Process()
    process.executableURL = BuiltProducts.executable("IsolationChild")
    process.standardOutput = output
    process.standardError = output
    let ending = try await withCheckedThrowingContinuation { continuation in
      process.terminationHandler = { process in
        continuation.resume(
          returning: process.terminationReason == .exit
            ? Ending.exited(process.terminationStatus)
            : Ending.signalled(process.terminationStatus))
      }
      do {
        try process.run()
      } catch {
        process.terminationHandler = nil
        continuation.resume(throwing: error)
        return
      }
      let pid = process.processIdentifier
      let (seconds, attoseconds) = deadline.components
      DispatchQueue.global().asyncAfter(
        deadline: .now() + Double(seconds) + Double(attoseconds) / 1e18
      ) {
        if process.isRunning { kill(pid, SIGKILL) }
      }
    }
    let text = String(decoding: try Data(contentsOf: outputURL), as: UTF8.self)
    return Run(lines: text.split(separator: "\n").map(String.init), ending: ending)
  }
}
