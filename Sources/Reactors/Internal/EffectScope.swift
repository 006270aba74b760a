/// One cancellable unit of asynchronous work: the task of a `run`, a `take(until:)`, or a
/// `cancellable(id:policy:)`.
///
/// Scopes nest: a mutation emitted inside a scope is applied only if neither the scope nor any
/// enclosing scope was cancelled. That check and every cancellation happen under the runtime's
/// lock, which is what makes "no mutation of a cancelled effect reaches `reduce`" hold.
///
/// Not final: the task of a plain top-level `run` is its own scope (`EffectContext`), so that
/// the two take one allocation. Every member is final.
@usableFromInline class EffectScope: @unchecked Sendable {
  // Safe: the mutable fields below are read and written only while the mutex of the runtime that
  // created the scope is held (`RuntimeStorage` is the only caller). The `let`s never change.
  // `RuntimeTests` and `ConcurrencyTests` exercise every path under ThreadSanitizer in CI.

  // NB: the pointer-sized fields come first and the one-byte ones last, so that they pack into
  // the padding: the scope is the first part of every plain task's context, one allocation each.

  /// The scope this one runs inside, if any.
  @usableFromInline let parent: EffectScope?
  /// The runs of the scope's id, while the scope is registered there.
  @exclusivity(unchecked) @usableFromInline final var group: EffectGroup?
  /// The task running this scope's work, once spawned.
  @exclusivity(unchecked) @usableFromInline final var task: Task<Void, Never>?
  /// For `.queue` work: whether the scope may run yet.
  @exclusivity(unchecked) @usableFromInline final var turn: Turn = .granted
  /// Where the scope is in the registry's list of running scopes; `nil` when it is not in it.
  @exclusivity(unchecked) @usableFromInline final var runningIndex: Int?
  /// The policy of `cancellable(id:policy:)` work; `.merge` for any other.
  @usableFromInline let policy: CancellationPolicy
  /// Set once, by `cancel`; emissions are dropped from then on.
  @exclusivity(unchecked) @usableFromInline final var isCancelled = false
  /// Set once, when the scope's work has ended; late emissions are dropped too.
  @exclusivity(unchecked) @usableFromInline final var isFinished = false

  /// Where a `.queue` scope stands in its line.
  ///
  /// NB: an unsafe continuation, not a checked one: `CheckedContinuation`'s layout is not known
  /// to the compiler, so every scope copied and destroyed its `turn` through value witnesses, a
  /// few hundred instructions per effect. The registry resumes each one exactly once, when the
  /// scope's turn comes or it is cancelled, and forgets it then.
  @usableFromInline enum Turn {
    case granted
    /// Waiting; holds the continuation of the task waiting for its turn, once it suspends.
    case waiting(UnsafeContinuation<Bool, Never>?)
  }

  @usableFromInline init(parent: EffectScope?, policy: CancellationPolicy) {
    self.parent = parent
    self.policy = policy
  }

  /// Whether the scope may still send mutations: neither cancelled nor finished.
  @usableFromInline final var isActive: Bool {
    !isFinished && !isRevoked
  }

  /// Whether the scope or an enclosing one was cancelled: what it sent while it was active is
  /// dropped from then on, even if a `transform(mutation:)` hook still holds it.
  @usableFromInline final var isRevoked: Bool {
    // NB: recursive: the loop it replaces retained and released each scope it walked through.
    isCancelled || parent?.isRevoked == true
  }
}
