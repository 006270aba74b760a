/// A hashable, sendable identity for cancellable work or an attached child. Compared by type
/// first, then by value: no id is boxed in an `AnyHashable`, made and compared through dynamic
/// casts. Hashed only when a table looks it up (`EffectTable` checks the id it used last first).
@usableFromInline struct EffectID: Hashable, Sendable {
  /// The id as the user wrote it; stored inline when small (an enum case, an integer, a string).
  @usableFromInline let value: any Hashable & Sendable
  /// The identity of the id's type: ids of different types never match.
  @usableFromInline let type: ObjectIdentifier

  @inlinable init<ID: Hashable & Sendable>(_ id: ID) {
    value = id
    type = ObjectIdentifier(ID.self)
  }

  @inlinable static func == (lhs: EffectID, rhs: EffectID) -> Bool {
    lhs.type == rhs.type && lhs.value.isEqual(to: rhs.value)
  }

  @inlinable func hash(into hasher: inout Hasher) { value.hash(into: &hasher) }

  /// The key of `cancellable(policy:)` work: the action's case name (no payload) and its type.
  init(caseOf action: some Sendable) {
    // The label of the case's payload, or the case's description when it has none.
    let mirror = Mirror(reflecting: action)
    let label = mirror.displayStyle == .enum ? mirror.children.first?.label : nil
    let typeName = String(reflecting: Swift.type(of: action))
    self.init(ActionCaseName(type: typeName, name: label ?? String(describing: action)))
  }
}

/// An action's case name, qualified by its type.
private struct ActionCaseName: Hashable, Sendable {
  let type: String
  let name: String
}

extension Hashable {
  /// Whether `other`, of this type (the caller checked), is equal to this one; read without a cast.
  @usableFromInline func isEqual(to other: any Hashable) -> Bool {
    func isEqual<Other: Hashable>(_ other: Other) -> Bool {
      precondition(Other.self == Self.self, "Internal inconsistency: ids of two types compared")
      // The same type: its memory is read as this type, which copies it as one would.
      return withUnsafePointer(to: other) {
        $0.withMemoryRebound(to: Self.self, capacity: 1) { $0.pointee == self }
      }
    }
    return isEqual(other)
  }
}
