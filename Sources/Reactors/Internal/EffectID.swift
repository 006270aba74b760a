/// A hashable, sendable identity for cancellable work.
@usableFromInline struct EffectID: Hashable, @unchecked Sendable {
  // Safe: `base` is only ever built from a value that is itself `Sendable` (see `init`), and it
  // is immutable; `AnyHashable` is merely not annotated.
  @usableFromInline let base: AnyHashable
  /// `base`'s hash, computed once: hashing and comparing an `AnyHashable` is not cheap, and ids
  /// are looked up on every registration.
  @usableFromInline let hash: Int

  @usableFromInline init(_ id: some Hashable & Sendable) {
    base = AnyHashable(id)
    hash = base.hashValue
  }

  @inlinable static func == (lhs: EffectID, rhs: EffectID) -> Bool {
    lhs.hash == rhs.hash && lhs.base == rhs.base
  }

  @inlinable func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
  }

  /// The key of ``CancellationPolicy`` work written with `cancellable(policy:)`: the case name of
  /// the action (payloads ignored), qualified by the action's type.
  @usableFromInline init(caseOf action: some Sendable) {
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
