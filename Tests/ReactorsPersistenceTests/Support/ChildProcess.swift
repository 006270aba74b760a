import BuiltProducts
import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Runs `PersistenceChild`, the executable built beside the tests.
enum ChildProcess {
  /// What a run printed, and whether the test killed it.
  struct Run {
    let lines: [String]
    let wasKilled: Bool
  }

  /// Runs the child with `arguments` and returns what it printed; kills it with `SIGKILL` as
  /// soon as it has printed `killAfterLines` lines, if given, and in any case after `deadline`.
  ///
  /// The blocking reads happen on a thread of their own, not on one of the few that run the
  /// tests' tasks.
  static func run(
    _ arguments: [String], killAfterLines: Int? = nil, deadline: Duration = .seconds(30)
  ) async throws -> Run {
    let process = Process()
    process.executableURL = BuiltProducts.executable("PersistenceChild")
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let pid = process.processIdentifier
    if killAfterLines == 0 { kill(pid, SIGKILL) }
    let (seconds, attoseconds) = deadline.components
    DispatchQueue.global().asyncAfter(
      deadline: .now() + Double(seconds) + Double(attoseconds) / 1e18
    ) {
      if process.isRunning { kill(pid, SIGKILL) }
    }
    return await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        var lines: [String] = []
        var wasKilled = killAfterLines == 0
        var pending = Data()
        let handle = output.fileHandleForReading
        while case let chunk = handle.availableData, !chunk.isEmpty {
          pending.append(chunk)
          while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(String(decoding: pending[pending.startIndex..<end], as: UTF8.self))
            pending.removeSubrange(pending.startIndex...end)
            if let killAfterLines, !wasKilled, lines.count >= killAfterLines {
              kill(pid, SIGKILL)
              wasKilled = true
            }
          }
        }
        process.waitUntilExit()
        continuation.resume(returning: Run(lines: lines, wasKilled: wasKilled))
      }
    }
  }
}
