import Foundation
import Reactors

/// A recorded session of a reactor, loaded from the JSON Lines that
/// `ReactorRecorder/jsonLines(for:redaction:clock:writeLine:)` wrote.
///
/// Replay its ``mutations`` to get every state the session went through, without effects or
/// I/O (`Reactor/replay(_:from:)`), or send its ``events``' actions again with their timing
/// (`Reactor/replayActions(of:on:)`).
///
/// ```swift
/// let recording = try Recording<SearchReactor>(contentsOf: url)
/// let states = reactor.replay(recording.mutations)
/// ```
public struct Recording<R: Reactor>: Sendable where R.Action: Decodable, R.Mutation: Decodable {
  /// The events, in the order they happened.
  public var events: [RecordedEvent<R.Action, R.Mutation>]

  /// The JSON of the header's `start`, if it has one.
  private var startJSON: Data?

  /// Makes a recording of `events`.
  public init(events: [RecordedEvent<R.Action, R.Mutation>]) {
    self.events = events
  }

  /// What the session started from, if its recorder was made with one
  /// (`ReactorRecorder/jsonLines(for:startingFrom:redaction:clock:writeLine:)`), decoded as
  /// `type`; `nil` when the session started from the reactor's initial state.
  ///
  /// Make the reactor that replays the session from it, so that the replay goes through the
  /// session's states: a session that began from a restored saved state replays from it.
  ///
  /// - Throws: ``RecordingError/corruptLine(line:reason:)`` of line 1 when the start is not a
  ///   `type`.
  public func start<Start: Decodable>(as type: Start.Type) throws(RecordingError) -> Start? {
    guard let startJSON else { return nil }
    do {
      return try JSONDecoder().decode(Start?.self, from: startJSON)
    } catch {
      throw .corruptLine(line: 1, reason: "the start is not a \(Start.self)")
    }
  }

  /// The mutations, in the order they were reduced.
  public var mutations: [R.Mutation] {
    events.compactMap(\.mutation)
  }

  /// Loads the recording in `text`.
  ///
  /// - Throws: ``RecordingError``: not a recording, a version this library does not read, a
  ///   recording of another reactor, or a line that is not an event of this reactor.
  public init(jsonLines text: String) throws(RecordingError) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      .map { (number: $0.offset + 1, text: $0.element) }
    while let last = lines.last, last.text.allSatisfy(\.isWhitespace) { lines.removeLast() }
    guard let header = lines.first else { throw .notARecording }
    startJSON = try Self.checkHeader(header.text)
    let decoder = JSONDecoder()
    events = try lines.dropFirst().map { line throws(RecordingError) in
      if let event = Self.wellFormedEvent(line.text, decoder) { return event }
      return try Self.event(line.text, number: line.number)
    }
  }

  /// Loads the recording in the file at `url`.
  ///
  /// - Throws: ``RecordingError``, ``RecordingError/unreadable(path:reason:)`` included.
  public init(contentsOf url: URL) throws(RecordingError) {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw .unreadable(path: url.path, reason: Self.whyUnreadable(url))
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw .corruptLine(line: 1, reason: "not UTF-8 text")
    }
    try self.init(jsonLines: text)
  }

  /// Why the file at `url` cannot be read, in a few words.
  private static func whyUnreadable(_ url: URL) -> String {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
      return "no such file"
    }
    if isDirectory.boolValue { return "it is a directory" }
    if !FileManager.default.isReadableFile(atPath: url.path) { return "permission denied" }
    return "it cannot be read"
  }

  /// Checks the header, and returns the JSON of its `start`, if any.
  private static func checkHeader(_ line: Substring) throws(RecordingError) -> Data? {
    guard let object = try? jsonObject(line), object["format"] as? String == RecordingFormat.name
    else { throw .notARecording }
    guard let version = object["version"] as? Int else { throw .notARecording }
    guard version == RecordingFormat.version else {
      throw .unsupportedVersion(found: version, supported: RecordingFormat.version)
    }
    let expected = RecordingFormat.reactorName(of: R.self)
    let found = object["reactor"] as? String ?? "an unnamed reactor"
    guard found == expected else { throw .otherReactor(found: found, expected: expected) }
    if let unencodable = object["unencodable"] as? String {
      throw .corruptLine(line: 1, reason: "it could not be encoded: \(unencodable)")
    }
    guard let start = object["start"] else { return nil }
    return try? JSONSerialization.data(withJSONObject: start, options: [.fragmentsAllowed])
  }

  /// One event line as `Codable` reads it, in a single pass over its text.
  private struct EventLine: Decodable {
    let t: Double
    let action: R.Action?
    let mutation: R.Mutation?
    let source: MutationSource?
    let unencodable: String?
  }

  /// The event on a line written as `ReactorRecorder.jsonLines(for:redaction:clock:writeLine:)`
  /// writes it, decoded in one pass; `nil` for anything else, which `event(_:number:)` reads again
  /// to say what is wrong with it (a redacted action, a corrupt line). Decoding the line whole is
  /// what makes a long recording open quickly: `event` parses a line, then writes and parses each
  /// value again for its `Decodable` type.
  private static func wellFormedEvent(
    _ line: Substring, _ decoder: JSONDecoder
  ) -> RecordedEvent<R.Action, R.Mutation>? {
    guard let event = try? decoder.decode(EventLine.self, from: Data(line.utf8)),
      event.unencodable == nil, let offset = try? offset(event.t, line: 0)
    else { return nil }
    switch (event.action, event.mutation, event.source) {
    case (let action?, nil, nil): return RecordedEvent(.action(action), at: offset)
    case (nil, let mutation?, let source?):
      return RecordedEvent(.mutation(mutation, source: source), at: offset)
    default: return nil
    }
  }

  /// The offset a line's `t` (in seconds) stands for.
  private static func offset(_ seconds: Double?, line: Int) throws(RecordingError) -> Duration {
    guard let seconds, seconds.isFinite, seconds >= 0 else {
      throw .corruptLine(line: line, reason: "no time (\"t\") in seconds")
    }
    // `Duration.seconds(_:)` traps past about 1.7e20 s; no session lasts 30 years.
    guard seconds <= 1e9 else {
      throw .corruptLine(line: line, reason: "a time (\"t\") of more than 30 years")
    }
    return .seconds(seconds)
  }

  private static func event(
    _ line: Substring, number: Int
  ) throws(RecordingError)
    -> RecordedEvent<R.Action, R.Mutation>
  {
    let object: [String: Any]
    do {
      object = try jsonObject(line)
    } catch {
      throw .corruptLine(line: number, reason: "not a JSON object")
    }
    let offset = try offset(object["t"] as? Double, line: number)
    if let unencodable = object["unencodable"] as? String {
      throw .corruptLine(line: number, reason: "it could not be encoded: \(unencodable)")
    }
    if let action = object["action"] {
      guard let value = decode(R.Action.self, from: action) else {
        guard mentionsMarker(action) else {
          throw .corruptLine(line: number, reason: "not an action of \(R.self)")
        }
        return RecordedEvent(.redactedAction, at: offset)
      }
      return RecordedEvent(.action(value), at: offset)
    }
    if let mutation = object["mutation"] {
      guard let raw = object["source"] as? String, let source = MutationSource(rawValue: raw)
      else { throw .corruptLine(line: number, reason: "no source (immediate or effect)") }
      guard let value = decode(R.Mutation.self, from: mutation) else {
        if mentionsMarker(mutation) { throw .redactedMutation(line: number) }
        throw .corruptLine(line: number, reason: "not a mutation of \(R.self)")
      }
      return RecordedEvent(.mutation(value, source: source), at: offset)
    }
    throw .corruptLine(line: number, reason: "neither an action nor a mutation")
  }

  private static func jsonObject(_ line: Substring) throws -> [String: Any] {
    let json = try JSONSerialization.jsonObject(with: Data(line.utf8))
    guard let object = json as? [String: Any] else { throw RecordingError.notARecording }
    return object
  }

  private static func decode<Value: Decodable>(_ type: Value.Type, from json: Any) -> Value? {
    guard
      let data = try? JSONSerialization.data(withJSONObject: json, options: [.fragmentsAllowed])
    else { return nil }
    return try? JSONDecoder().decode(type, from: data)
  }

  private static func mentionsMarker(_ json: Any) -> Bool {
    if let string = json as? String { return string == Redaction.marker }
    if let object = json as? [String: Any] { return object.values.contains(where: mentionsMarker) }
    if let array = json as? [Any] { return array.contains(where: mentionsMarker) }
    return false
  }
}
