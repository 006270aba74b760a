/// An ordered list of HTTP header fields whose names are looked up case-insensitively.
///
/// Fields keep the order and spelling they were added with; a name may appear more than once.
///
/// ```swift
/// var headers: HTTPHeaders = ["Content-Type": "application/json"]
/// headers.add("Link", "<https://example.com/?page=2>; rel=\"next\"")
/// headers["content-type"]  // "application/json"
/// ```
public struct HTTPHeaders: Sendable, Equatable {
  /// One header field: a name as it was spelled and its value.
  public struct Field: Sendable, Equatable {
    /// The field name, spelled as it was added or received.
    public var name: String
    /// The field value, without surrounding whitespace.
    public var value: String

    /// Makes a field.
    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  /// Every field, in order.
  public private(set) var fields: [Field]

  /// Makes a list holding `fields`, in order.
  public init(_ fields: [Field] = []) {
    self.fields = fields
  }

  /// The value of the first field named `name` (any case), or `nil`.
  ///
  /// Setting a value replaces every field with that name by one field at the position of the
  /// first; setting `nil` removes them all.
  public subscript(name: String) -> String? {
    get { fields.first { $0.name.lowercased() == name.lowercased() }?.value }
    set {
      let key = name.lowercased()
      let position = fields.firstIndex { $0.name.lowercased() == key }
      fields.removeAll { $0.name.lowercased() == key }
      guard let newValue else { return }
      fields.insert(Field(name: name, value: newValue), at: position ?? fields.count)
    }
  }

  /// The values of every field named `name` (any case), in order.
  public func values(for name: String) -> [String] {
    let key = name.lowercased()
    return fields.filter { $0.name.lowercased() == key }.map(\.value)
  }

  /// Appends a field, keeping any other field with the same name.
  public mutating func add(_ name: String, _ value: String) {
    fields.append(Field(name: name, value: value))
  }

  /// Whether a field named `name` (any case) is present.
  public func contains(_ name: String) -> Bool {
    self[name] != nil
  }
}

extension HTTPHeaders: ExpressibleByDictionaryLiteral {
  /// Makes a list from a literal, in the literal's order.
  public init(dictionaryLiteral elements: (String, String)...) {
    self.init(elements.map { Field(name: $0.0, value: $0.1) })
  }
}

extension HTTPHeaders: Sequence {
  /// Iterates over the fields in order.
  public func makeIterator() -> IndexingIterator<[Field]> {
    fields.makeIterator()
  }
}
