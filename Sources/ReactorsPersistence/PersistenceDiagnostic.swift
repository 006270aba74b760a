/// Something a ``StateFile`` could not do, in a value the app shows where it wants: each has a
/// one-line ``description`` for a person.
///
/// None of them stops the reactor: it starts from its initial state or runs without saving, as
/// each case says.
public enum PersistenceDiagnostic: Sendable, Equatable, CustomStringConvertible {
  /// The file could not be read as a saved state (truncated, not JSON, another reactor's, or not
  /// decodable), so it was moved aside, kept, to `movedTo`; the reactor started from its initial
  /// state.
  case movedAside(path: String, movedTo: String, reason: String)
  /// The file could not be read, nor moved aside (another process holds it, or it is not a
  /// regular file), so it was left where it is; the reactor started from its initial state and
  /// runs without saving.
  case unreadable(path: String, reason: String)
  /// The file was written by a newer version of the program: it is left untouched, and nothing
  /// is written over it; the reactor started from its initial state and runs without saving.
  case newerVersion(path: String, found: Int, supported: Int)
  /// Another process holds the file: this one runs without saving, so that the two never
  /// overwrite each other.
  case lockedByAnotherProcess(path: String)
  /// The file cannot be written (its directory cannot be made, the disk is full, a member names
  /// a secret): changes are not saved.
  case cannotSave(path: String, reason: String)

  /// A one-line message for a person.
  public var description: String {
    switch self {
    case .movedAside(let path, let movedTo, let reason):
      "the saved state \(path) \(reason); it was moved aside to \(movedTo), and this run "
        + "starts afresh"
    case .unreadable(let path, let reason):
      "the saved state \(path) \(reason); it was left in place, and this run starts afresh, "
        + "unsaved"
    case .newerVersion(let path, let found, let supported):
      "the saved state \(path) has version \(found), newer than this program's \(supported): "
        + "it was left untouched, and this run starts afresh, unsaved"
    case .lockedByAnotherProcess(let path):
      "the saved state \(path) is in use by another process: this run is not saved"
    case .cannotSave(let path, let reason):
      "cannot save the state to \(path): \(reason)"
    }
  }

  /// Whether this run saves nothing more after it.
  public var stopsSaving: Bool {
    switch self {
    case .movedAside: false
    case .unreadable, .newerVersion, .lockedByAnotherProcess, .cannotSave: true
    }
  }
}
