import Foundation

/// The JSON of a state file:
///
/// ```
/// {
///   "format" : "reactors-state",
///   "reactor" : "NotesReactor",
///   "state" : { "draft" : "Dear Ada," },
///   "version" : 2
/// }
/// ```
///
/// `format` names the format, `reactor` the reactor type whose state it is, `version` the
/// reactor's schema version of `state`, the saved value as `Codable` writes it.
enum StateFileFormat {
  static let name = "reactors-state"

  /// Why a file's bytes are not a saved state of the reactor.
  enum Problem: Error, Equatable {
    case empty
    case notJSON
    case notAStateFile
    case otherReactor(String)
    case newerVersion(Int)
    case noMigration(from: Int)
    case migrationFailed(from: Int, reason: String)
    case undecodable(reason: String)

    /// What is wrong, to follow "the saved state PATH".
    var reason: String {
      switch self {
      case .empty: "is empty"
      case .notJSON: "is not JSON (truncated or corrupt)"
      case .notAStateFile: "is not a \(StateFileFormat.name) file"
      case .otherReactor(let found): "is the state of another reactor, \(found)"
      case .newerVersion(let found): "has version \(found), newer than this program's"
      case .noMigration(let version): "has version \(version), which no migration reads"
      case .migrationFailed(let version, let reason):
        "failed to migrate from version \(version): \(reason)"
      case .undecodable(let reason): "does not decode: \(reason)"
      }
    }
  }

  /// The name a file gives a reactor type.
  static func reactorName(of type: Any.Type) -> String {
    String(describing: type)
  }

  /// The file's bytes for `saved`.
  static func encode<Saved: Encodable>(
    _ saved: Saved, reactor: String, version: Int
  ) throws -> Data {
    let encoder = JSONEncoder()
    // Sorted and indented: a person can read the file, and two files compare line by line.
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    let file = File(format: name, reactor: reactor, version: version, state: saved)
    return try encoder.encode(file) + Data("\n".utf8)
  }

  /// The saved value in a file's bytes, migrated to `version`.
  static func decode<Saved: Decodable>(
    _ data: Data, as type: Saved.Type, reactor: String, version: Int,
    migrations: [SavedStateMigration]
  ) -> Result<Saved, Problem> {
    guard data.contains(where: { !Set(" \t\r\n".utf8).contains($0) }) else {
      return .failure(.empty)
    }
    guard let json = try? JSONSerialization.jsonObject(with: data) else {
      return .failure(.notJSON)
    }
    guard let object = json as? [String: Any], object["format"] as? String == name,
      let found = object["reactor"] as? String, let state = object["state"],
      let foundVersion = object["version"] as? Int
    else { return .failure(.notAStateFile) }
    guard found == reactor else { return .failure(.otherReactor(found)) }
    guard foundVersion <= version else { return .failure(.newerVersion(foundVersion)) }
    guard
      var stateData = try? JSONSerialization.data(withJSONObject: state, options: .fragmentsAllowed)
    else { return .failure(.notAStateFile) }
    var current = foundVersion
    while current < version {
      guard let step = migrations.first(where: { $0.version == current }) else {
        return .failure(.noMigration(from: current))
      }
      do {
        stateData = try step.migrate(stateData)
      } catch {
        return .failure(.migrationFailed(from: current, reason: describe(error)))
      }
      current += 1
    }
    do {
      return .success(try JSONDecoder().decode(Saved.self, from: stateData))
    } catch {
      return .failure(.undecodable(reason: describe(error)))
    }
  }

  /// The path of the first key in the encoded file's state that `isSecret` calls secret and
  /// `allowed` does not name, `"account.password"`.
  static func secretMember(
    in data: Data, isSecret: (String) -> Bool, allowed: Set<String>
  ) -> String? {
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let state = object["state"]
    else { return nil }
    return secretMember(in: state, path: [], isSecret: isSecret, allowed: allowed)
  }

  private static func secretMember(
    in json: Any, path: [String], isSecret: (String) -> Bool, allowed: Set<String>
  ) -> String? {
    if let object = json as? [String: Any] {
      for key in object.keys.sorted() {
        if isSecret(key), !allowed.contains(key) { return (path + [key]).joined(separator: ".") }
        if let found = secretMember(
          in: object[key]!, path: path + [key], isSecret: isSecret, allowed: allowed)
        {
          return found
        }
      }
    } else if let array = json as? [Any] {
      for element in array {
        if let found = secretMember(in: element, path: path, isSecret: isSecret, allowed: allowed) {
          return found
        }
      }
    }
    return nil
  }

  /// A decoding error in a few words, with where it happened: `expected String at queries[0]`.
  private static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return String(describing: error) }
    switch error {
    case .typeMismatch(let type, let context):
      return "expected \(type) at \(location(context.codingPath))"
    case .valueNotFound(let type, let context):
      return "no \(type) at \(location(context.codingPath))"
    case .keyNotFound(let key, let context):
      return "no member \(location(context.codingPath + [key]))"
    case .dataCorrupted(let context):
      return "\(context.debugDescription) at \(location(context.codingPath))"
    @unknown default:
      return String(describing: error)
    }
  }

  private static func location(_ path: [any CodingKey]) -> String {
    guard !path.isEmpty else { return "the top" }
    return path.enumerated().map { index, key in
      if let number = key.intValue { return "[\(number)]" }
      return (index == 0 ? "" : ".") + key.stringValue
    }.joined()
  }

  private struct File<Saved: Encodable>: Encodable {
    let format: String
    let reactor: String
    let version: Int
    let state: Saved
  }
}
