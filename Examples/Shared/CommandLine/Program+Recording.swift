import Foundation

extension Program {
  /// Creates the file of `--record`, readable by its owner only; ends the program with status 1
  /// if it cannot, and says so if the file exists: a recording never overwrites one.
  public func createRecording(atPath path: String) -> OutputFile {
    do {
      return try Self.openRecording(atPath: path)
    } catch  where error.code == EEXIST {
      fail("\(path) already exists; --record does not overwrite a file: remove it or pick another")
    } catch {
      fail("cannot write the recording \(path): \(error)")
    }
  }

  /// Opens a new file at `path` for a recording, readable by its owner only.
  ///
  /// An existing regular file is refused (`EEXIST`), so that a recording never replaces a file
  /// by accident; something else that exists, such as `/dev/stderr` or a named pipe, is opened
  /// for writing as it is.
  static func openRecording(atPath path: String) throws(SystemCallError) -> OutputFile {
    var descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if descriptor < 0 && errno == EEXIST {
      var status = stat()
      if stat(path, &status) == 0 && status.st_mode & S_IFMT != S_IFREG {
        descriptor = open(path, O_WRONLY | O_CLOEXEC)
      } else {
        errno = EEXIST
      }
    }
    guard descriptor >= 0 else { throw SystemCallError(operation: "open", code: errno) }
    return OutputFile(descriptor: descriptor)
  }

  /// Reports why `--replay` cannot replay its recording, and exits with status 2, as for a
  /// script error.
  public func failToReplay(_ reason: String) -> Never {
    printError("cannot replay: \(reason)")
    exit(2)
  }
}
