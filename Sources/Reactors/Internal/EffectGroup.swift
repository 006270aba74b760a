/// The runs registered under one id, guarded by the runtime's lock.
///
/// Scopes point to their group, so cancelling or finishing one needs no lookup by id: only
/// registering does, once.
@usableFromInline final class EffectGroup: @unchecked Sendable {
  // Safe: the `var`s are read and written only while the mutex of the runtime that made the group
  // is held (the registry and `RuntimeStorage` are the only callers).

  @usableFromInline let id: EffectID
  /// Running scopes (not waiting their turn), oldest first.
  @exclusivity(unchecked) @usableFromInline var running: [EffectScope] = []
  /// `.queue` scopes waiting for the running one to finish, oldest first.
  @exclusivity(unchecked) @usableFromInline var waiting: [EffectScope] = []
  /// The `LatestLane` of `.latest` runs not started yet; typed by the runtime that owns it.
  @exclusivity(unchecked) @usableFromInline var lane: AnyLatestLane?

  @usableFromInline init(id: EffectID) {
    self.id = id
  }

  /// Whether nothing is registered under the id any more.
  @usableFromInline var isEmpty: Bool { running.isEmpty && waiting.isEmpty && lane == nil }
}
