import Reactors

/// Why a recording could not be loaded.
public enum RecordingError: Error, Equatable, CustomStringConvertible {
  /// The file could not be read.
  case unreadable(path: String, reason: String)
  /// The first line is not the header of a recording.
  case notARecording
  /// The recording was written in a format version this library does not read.
  case unsupportedVersion(found: Int, supported: Int)
  /// The recording is of another reactor.
  case otherReactor(found: String, expected: String)
  /// A line is not an event: not JSON, or not an action or mutation of the reactor.
  case corruptLine(line: Int, reason: String)
  /// A mutation's secret was redacted along with its case, so it cannot be replayed.
  case redactedMutation(line: Int)

  /// A one-line message for a person.
  public var description: String {
    switch self {
    case .unreadable(let path, let reason):
      "cannot read the recording \(path): \(reason)"
    case .notARecording:
      "not a recording: the first line is not a \(RecordingFormat.name) header"
    case .unsupportedVersion(let found, let supported):
      "the recording has format version \(found); this program reads version \(supported)"
    case .otherReactor(let found, let expected):
      "the recording is of \(found), not of \(expected)"
    case .corruptLine(let line, let reason):
      "line \(line) of the recording is corrupt: \(reason)"
    case .redactedMutation(let line):
      "line \(line) of the recording holds a mutation whose case names a secret, so it was "
        + "redacted whole and cannot be replayed"
    }
  }
}
