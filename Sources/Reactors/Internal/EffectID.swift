/// A hashable, sendable identity for cancellable work or an attached child.
@usableFromInline struct EffectID: Hashable, @unchecked Sendable {
  // Safe: made only from `Hashable & Sendable` values, which `AnyHashable` holds immutably.
  let value: AnyHashable
  /// The value's hash, computed once: hashing an `AnyHashable` goes through a dynamic cast.
  let hash: Int

  @usableFromInline init(_ id: some Hashable & Sendable) {
    value = AnyHashable(id)
    hash = value.hashValue
  }

  @usableFromInline static func == (lhs: EffectID, rhs: EffectID) -> Bool {
    lhs.hash == rhs.hash && lhs.value == rhs.value
  }

  @usableFromInline func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
  }

  /// The key of work written with `cancellable(policy:)`: the case name of the action (payloads
  /// ignored), qualified by the action's type.
  init(caseOf action: some Sendable) {
    self.init(
      ActionCaseName(type: String(reflecting: type(of: action)), name: caseName(of: action)))
  }
}

private struct ActionCaseName: Hashable, Sendable {
  let type: String
  let name: String
}

/// The case name of an enum value: the label of its payload, or its description when it has none.
private func caseName(of value: Any) -> String {
  let mirror = Mirror(reflecting: value)
  if mirror.displayStyle == .enum, let label = mirror.children.first?.label {
    return label
  }
  return String(describing: value)
}
