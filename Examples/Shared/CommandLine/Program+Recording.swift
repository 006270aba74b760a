import Foundation

extension Program {
  /// Creates (or empties) the file of `--record`, readable by its owner only; ends the program
  /// with status 1 if it cannot.
  public func createRecording(atPath path: String) -> OutputFile {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      fail("cannot write the recording \(path): \(SystemCallError(operation: "open", code: errno))")
    }
    return OutputFile(descriptor: descriptor)
  }

  /// Reports why `--replay` cannot replay its recording, and exits with status 2, as for a
  /// script error.
  public func failToReplay(_ reason: String) -> Never {
    printError("cannot replay: \(reason)")
    exit(2)
  }
}
