import Foundation
import Reactors

/// The JSON Lines format of a recording, version 1.
///
/// ```
/// {"format":"reactors-recording","reactor":"SearchReactor","version":1}
/// {"action":{"updateQuery":{"_0":"swift"}},"t":0.000021}
/// {"mutation":{"setQuery":{"_0":"swift"}},"source":"immediate","t":0.000035}
/// {"mutation":{"setResults":{"_0":["swift-nio"]}},"source":"effect","t":0.412}
/// ```
///
/// The first line names the format, its version and the reactor, and may carry `start`, what the
/// session started from when that was not the reactor's initial state (a restored saved state),
/// secrets redacted; each other line is one event:
/// `t` is its time in seconds from the start, `action` or `mutation` its value as `Codable`
/// writes it (secrets redacted), `source` where a mutation came from.
enum RecordingFormat {
  static let name = "reactors-recording"
  static let version = 1

  /// The name a recording gives a reactor type, checked when it is loaded.
  static func reactorName(of type: Any.Type) -> String {
    String(describing: type)
  }

  static func header(reactor: String) -> String {
    serialize(["format": name, "version": version, "reactor": reactor])
  }

  /// The header of a session that started from `start`; an unencodable start is written as its
  /// error, which loading reports.
  static func header<Start: Encodable>(
    reactor: String, start: Start, redaction: Redaction
  ) -> String {
    var object: [String: Any] = ["format": name, "version": version, "reactor": reactor]
    do {
      let data = try JSONEncoder().encode(start)
      let json = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      object["start"] = redaction.redactingJSON(json)
    } catch {
      object["unencodable"] = "start \(redaction.describe(start)): \(type(of: error))"
    }
    return serialize(object)
  }

  /// One event's line, with the encoded value redacted; an unencodable value is written as its
  /// error, which loading reports.
  static func line<Value: Encodable>(
    key: String, value: Value, source: MutationSource?, offset: Duration, redaction: Redaction
  ) -> String {
    var object: [String: Any] = ["t": seconds(offset)]
    do {
      let data = try JSONEncoder().encode(value)
      let json = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      object[key] = redaction.redactingJSON(json)
    } catch {
      object["unencodable"] = "\(key) \(redaction.describe(value)): \(type(of: error))"
    }
    if let source { object["source"] = source.rawValue }
    return serialize(object)
  }

  static func serialize(_ object: [String: Any]) -> String {
    // NB: `JSONSerialization` writes numbers that read back exactly, and sorted keys make two
    // recordings of one session compare line by line.
    let data = try? JSONSerialization.data(
      withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    return data.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
  }

  static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
