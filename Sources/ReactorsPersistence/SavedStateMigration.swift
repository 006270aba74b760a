import Foundation

/// One step of a saved state's schema, from a version to the next.
///
/// Keep the old `Saved` type under another name, and say how it becomes the next one:
///
/// ```swift
/// static let migrations: [SavedStateMigration] = [
///   .from(version: 1) { (old: SavedV1) in SavedV2(queries: [old.lastQuery]) },
///   .from(version: 2) { (old: SavedV2) in Saved(queries: old.queries, pinned: []) },
/// ]
/// ```
///
/// A file of version 1 goes through both steps, in order, and is then decoded as `Saved`
/// (version 3). A step that throws, or a missing step, makes the file unreadable: it is moved
/// aside and named in a ``PersistenceDiagnostic``.
public struct SavedStateMigration: Sendable {
  /// The version this step reads; it writes the next one.
  public let version: Int
  /// The step on the saved value's JSON.
  let migrate: @Sendable (Data) throws -> Data

  /// A step that decodes the value of `version` as `Old` and turns it into the next version's
  /// `New` with `transform`.
  public static func from<Old: Decodable & SendableMetatype, New: Encodable & SendableMetatype>(
    version: Int, _ transform: @escaping @Sendable (Old) throws -> New
  ) -> Self {
    Self(
      version: version,
      json: { data in
        try JSONEncoder().encode(transform(JSONDecoder().decode(Old.self, from: data)))
      })
  }

  /// A step on the JSON itself, for a change no `Codable` type describes.
  ///
  /// - Parameters:
  ///   - version: The version the step reads.
  ///   - migrate: Turns the JSON of a value of `version` into JSON of the next version.
  public init(version: Int, json migrate: @escaping @Sendable (Data) throws -> Data) {
    self.version = version
    self.migrate = migrate
  }
}
