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

  /// Says on standard error where `--record` wrote the session and the one command that
  /// replays it, for a bug report: call it at exit, once the terminal is restored.
  ///
  /// ```
  /// Recorded to /tmp/s.jsonl — replay it with: github-search --replay /tmp/s.jsonl
  /// ```
  ///
  /// Nothing is said for something other than a regular file, such as `/dev/stderr`: there is
  /// no file to replay.
  public func reportRecording(atPath path: String) {
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return }
    let message = "Recorded to \(path) — replay it with: \(name) --replay \(Self.shellQuoted(path))"
    OutputFile.standardError.writeLine(message.escapingControlCharacters)
  }

  /// `text` as one word for a POSIX shell: as it is when it holds only characters no shell
  /// treats specially, else in single quotes (a quote inside written `'\''`).
  static func shellQuoted(_ text: String) -> String {
    let plain = text.unicodeScalars.allSatisfy { scalar in
      scalar.isASCII
        && (CharacterSet.alphanumerics.contains(scalar)
          || "@%+=:,./-_".unicodeScalars.contains(scalar))
    }
    if plain && !text.isEmpty { return text }
    return "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
  }

  /// Reports why `--replay` cannot replay its recording, in lines of 80 columns, and exits with
  /// status 2, as for a script error.
  public func failToReplay(_ reason: String) -> Never {
    printWrappedError("cannot replay: \(reason)")
    exit(2)
  }
}
