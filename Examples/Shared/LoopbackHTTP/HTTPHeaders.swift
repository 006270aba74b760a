/// An ordered list of HTTP header fields, looked up by name in any case; a name may appear more
/// than once (`add`), and fields keep their order and spelling.
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
  /// One header field: a name as it was spelled and its value.
  public struct Field: Sendable, Equatable {
    /// The field name, spelled as it was added or received.
    public var name: String
    /// The field value, without surrounding whitespace.
    public var value: String
  }

  /// Every field, in order.
  public private(set) var fields: [Field] = []

  /// Makes an empty list.
  public init() {}

  /// Makes a list from a literal, in the literal's order.
  public init(dictionaryLiteral elements: (String, String)...) {
    fields = elements.map { Field(name: $0.0, value: $0.1) }
  }

  /// The value of the first field named `name`; setting one replaces every field of that name.
  public subscript(name: String) -> String? {
    get { values(for: name).first }
    set {
      let position = fields.firstIndex { $0.name.lowercased() == name.lowercased() }
      fields.removeAll { $0.name.lowercased() == name.lowercased() }
      guard let newValue else { return }
      fields.insert(Field(name: name, value: newValue), at: position ?? fields.count)
    }
  }

  /// The values of every field named `name` (any case), in order.
  public func values(for name: String) -> [String] {
    fields.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
  }

  /// Appends a field, keeping any other field with the same name.
  public mutating func add(_ name: String, _ value: String) {
    fields.append(Field(name: name, value: value))
  }

  /// Whether a field named `name` (any case) is present.
  public func contains(_ name: String) -> Bool {
    self[name] != nil
  }

  /// Iterates over the fields in order.
  public func makeIterator() -> IndexingIterator<[Field]> {
    fields.makeIterator()
  }
}
