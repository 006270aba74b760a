/// Finds the member names of a `Decodable` type without a value of it, by decoding one from a
/// decoder that answers every question with a placeholder and notes every key it is asked for.
///
/// It sees what the type's `init(from:)` asks for, nil optionals and array elements included.
/// A type that rejects the placeholders (an enum, a validated value) stops the walk of its
/// container there; ``StateFile`` checks the keys of every value it writes as well.
enum MemberNameProbe {
  /// The paths of the members of `type`, `"account.password"`, in the order they were asked for.
  static func memberPaths(of type: any Decodable.Type) -> [String] {
    let notes = Notes()
    _ = try? type.init(from: ProbeDecoder(path: [], notes: notes))
    return notes.paths
  }

  /// How deep a type may nest: a recursive type (`indirect enum`, a class with children) ends
  /// here instead of looping.
  static let maximumDepth = 16

  final class Notes {
    var paths: [String] = []
  }

  struct ProbeDecoder: Decoder {
    let path: [String]
    let notes: Notes
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
      KeyedDecodingContainer(Keyed<Key>(path: path, notes: notes))
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
      Unkeyed(path: path, notes: notes)
    }
    func singleValueContainer() throws -> any SingleValueDecodingContainer {
      Single(path: path, notes: notes)
    }
  }

  /// A value to hand back: a placeholder for the standard library's leaves, or one decoded from
  /// the probe for anything else.
  static func value<T: Decodable>(_ type: T.Type, path: [String], notes: Notes) throws -> T {
    if let placeholder = placeholder(type) { return placeholder }
    guard path.count < maximumDepth else { throw ProbeEnd() }
    return try T(from: ProbeDecoder(path: path, notes: notes))
  }

  private static func placeholder<T>(_ type: T.Type) -> T? {
    let values: [Any] = [
      "", false, 0 as Int, 0 as Int8, 0 as Int16, 0 as Int32, 0 as Int64, 0 as UInt, 0 as UInt8,
      0 as UInt16, 0 as UInt32, 0 as UInt64, 0 as Double, 0 as Float,
    ]
    return values.lazy.compactMap { $0 as? T }.first
  }

  struct ProbeEnd: Error {}

  struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let path: [String]
    let notes: Notes
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) throws -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      let memberPath = path + [key.stringValue]
      notes.paths.append(memberPath.joined(separator: "."))
      return try MemberNameProbe.value(type, path: memberPath, notes: notes)
    }
    func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
      notes.paths.append((path + [key.stringValue]).joined(separator: "."))
      return KeyedDecodingContainer(
        Keyed<NestedKey>(path: path + [key.stringValue], notes: notes))
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      notes.paths.append((path + [key.stringValue]).joined(separator: "."))
      return Unkeyed(path: path + [key.stringValue], notes: notes)
    }
    func superDecoder() throws -> any Decoder { ProbeDecoder(path: path, notes: notes) }
    func superDecoder(forKey key: Key) throws -> any Decoder {
      ProbeDecoder(path: path + [key.stringValue], notes: notes)
    }
  }

  /// An array of one element, so that the element's members are seen.
  final class Unkeyed: UnkeyedDecodingContainer {
    let path: [String]
    let notes: Notes
    var codingPath: [any CodingKey] { [] }
    var count: Int? { 1 }
    var currentIndex = 0
    var isAtEnd: Bool { currentIndex > 0 }

    init(path: [String], notes: Notes) {
      self.path = path
      self.notes = notes
    }

    func decodeNil() throws -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
      guard !isAtEnd else { throw ProbeEnd() }
      currentIndex += 1
      return try MemberNameProbe.value(type, path: path, notes: notes)
    }
    func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
      currentIndex += 1
      return KeyedDecodingContainer(Keyed<NestedKey>(path: path, notes: notes))
    }
    func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
      currentIndex += 1
      return Unkeyed(path: path, notes: notes)
    }
    func superDecoder() throws -> any Decoder { ProbeDecoder(path: path, notes: notes) }
  }

  struct Single: SingleValueDecodingContainer {
    let path: [String]
    let notes: Notes
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
      try MemberNameProbe.value(type, path: path, notes: notes)
    }
  }
}
