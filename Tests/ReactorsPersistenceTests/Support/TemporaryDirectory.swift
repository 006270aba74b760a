import Foundation

/// A directory of its own for one test, removed when the test is done with it.
final class TemporaryDirectory: Sendable {
  let url: URL

  /// A new directory under the system's temporary directory, or under `parent`.
  init(under parent: URL = FileManager.default.temporaryDirectory) throws {
    url = parent.appending(path: "ReactorsPersistenceTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// A directory in memory (`/dev/shm`) where there is one: for tests of many writes, where a
  /// disk's sync would take seconds and proves nothing about a killed process (the kernel keeps
  /// what was written either way).
  static func inMemory() throws -> TemporaryDirectory {
    let shared = URL(fileURLWithPath: "/dev/shm")
    if FileManager.default.isWritableFile(atPath: shared.path) {
      return try TemporaryDirectory(under: shared)
    }
    return try TemporaryDirectory()
  }

  /// The file `name` in the directory.
  func file(_ name: String) -> URL {
    url.appending(path: name)
  }

  /// The names in the directory, sorted.
  func names() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }
}
