import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension StateFile {
  /// What opening found.
  struct Opened {
    /// The lock's descriptor when this process may write the file.
    var lockDescriptor: Int32?
    var restored: R.Saved?
    var diagnostics: [PersistenceDiagnostic] = []
  }

  /// Makes the directory, takes the lock, reads and decodes the file, and moves a bad one
  /// aside: everything before the reactor's first step.
  static func open(_ path: String, reactor: String) -> Opened {
    var opened = Opened()
    do {
      try FileSystem.makeDirectory(FileSystem.directory(of: path))
      opened.lockDescriptor = try FileSystem.lock(path + ".lock")
      if opened.lockDescriptor == nil {
        opened.diagnostics.append(.lockedByAnotherProcess(path: path))
      }
    } catch {
      opened.diagnostics.append(.cannotSave(path: path, reason: error.description))
    }
    let problem: StateFileFormat.Problem
    switch FileSystem.read(path) {
    case .missing:
      return opened
    case .failed(let failure):
      opened.diagnostics.append(.unreadable(path: path, reason: "cannot be read (\(failure))"))
      return opened.unsaved()
    case .contents(let data):
      let decoded = StateFileFormat.decode(
        data, as: R.Saved.self, reactor: reactor, version: R.savedVersion,
        migrations: R.migrations)
      switch decoded {
      case .success(let saved):
        opened.restored = saved
        return opened
      case .failure(.newerVersion(let found)):
        opened.diagnostics.append(
          .newerVersion(path: path, found: found, supported: R.savedVersion))
        return opened.unsaved()
      case .failure(let found):
        problem = found
      }
    }
    // Only the process that holds the lock moves a file: another one may be writing it.
    guard opened.lockDescriptor != nil else {
      opened.diagnostics.append(.unreadable(path: path, reason: problem.reason))
      return opened
    }
    do {
      let movedTo = try FileSystem.moveAside(path)
      opened.diagnostics.append(.movedAside(path: path, movedTo: movedTo, reason: problem.reason))
      return opened
    } catch {
      let reason = "\(problem.reason), and cannot be moved aside (\(error))"
      opened.diagnostics.append(.unreadable(path: path, reason: reason))
      return opened.unsaved()
    }
  }
}

extension StateFile.Opened {
  /// These findings without the lock: this run writes nothing, and another process may.
  fileprivate func unsaved() -> Self {
    var opened = self
    if let descriptor = opened.lockDescriptor { close(descriptor) }
    opened.lockDescriptor = nil
    return opened
  }
}
