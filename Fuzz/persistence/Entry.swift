// Fuzz target: the state file decoder (`StateFileFormat.decode`, what `StateFile` reads at
// opening), built with the whole Reactors and ReactorsPersistence modules. Input: a file's
// bytes. Property: a saved value or a problem with a reason, never a trap; a decoded value
// encodes again and decodes to itself.
import Foundation

/// A reactor at version 3 of its schema, with migrations from 1 and 2, so inputs reach them.
final class FuzzReactor: PersistentReactor {
  struct SavedVersion1: Codable { var lastQuery: String }
  struct SavedVersion2: Codable { var queries: [String] }
  struct Saved: Codable, Equatable, Sendable {
    var queries: [String]
    var pinned: [Int: String]
    var count: Int?
  }

  static let savedVersion = 3
  static let migrations: [SavedStateMigration] = [
    .from(version: 1) { (old: SavedVersion1) in SavedVersion2(queries: [old.lastQuery]) },
    .from(version: 2) { (old: SavedVersion2) in Saved(queries: old.queries, pinned: [:]) },
  ]

  let initialState = 0
  let runtime = Runtime()

  func mutate(action: Int) -> Mutations<Int> { .none }
  func reduce(state: Int, mutation: Int) -> Int { state }
  static func saved(from state: Int) -> Saved { Saved(queries: [], pinned: [:]) }
  static func restoring(_ saved: Saved, into state: Int) -> Int { saved.queries.count }
}

/// libFuzzer calls this with each input it tries; it returns 0, or traps on a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let data = Data(UnsafeBufferPointer(start: start, count: count))
  let decoded = StateFileFormat.decode(
    data, as: FuzzReactor.Saved.self, reactor: "FuzzReactor", version: FuzzReactor.savedVersion,
    migrations: FuzzReactor.migrations)
  switch decoded {
  case .success(let saved):
    let encoded = try? StateFileFormat.encode(saved, reactor: "FuzzReactor", version: 3)
    let again = encoded.map {
      StateFileFormat.decode(
        $0, as: FuzzReactor.Saved.self, reactor: "FuzzReactor", version: 3, migrations: [])
    }
    precondition(again.flatMap { try? $0.get() } == saved, "a decoded value did not round-trip")
  case .failure(let problem):
    precondition(!problem.reason.isEmpty)
  }
  _ = StateFileFormat.secretMember(in: data, isSecret: Redaction.default.isSecret, allowed: [])
  return 0
}
