/// One cancellable unit of asynchronous work: the task of a `run`, a `take(until:)`, or a
/// `cancellable(id:policy:)`.
///
/// Scopes nest: a mutation sent inside a scope is applied only if neither it nor an enclosing
/// scope was cancelled. Every field that changes is read and written only by `RuntimeMachine`,
/// under the runtime's lock, which is what makes "no mutation of a cancelled effect reaches
/// `reduce`" hold.
@usableFromInline class EffectScope: @unchecked Sendable {
  // Safe: the `var`s are touched only by the runtime machine, whose lock guards them; the `let`s
  // never change. `ReactorRuntimeTests` and `ConcurrencyTests` run every path under
  // ThreadSanitizer in CI.

  /// The scope this one runs inside, if any.
  final let parent: EffectScope?
  /// The id of `cancellable(id:policy:)` work, which groups it with the other runs of that id.
  final let id: EffectID?
  /// The runs of its id, while the scope is one of them. Not owned, so that the two do not keep
  /// each other alive: the table owns the group, and drops it only once no scope is in it.
  final unowned var group: EffectTable.Group?
  /// The task running the scope's work, once it exists.
  final var task: Task<Void, Never>?
  /// For `.queue` work: whether it waits for its turn, and the continuation of its task once that
  /// task is suspended waiting.
  final var turn: Turn = .granted
  /// Set once, by a cancel: whatever the scope sends from then on is dropped.
  final var isCancelled = false
  /// Set once, when the scope's work has returned or will never run.
  final var isFinished = false

  /// Makes a scope from its parent and its id.
  @usableFromInline typealias Maker = (EffectScope?, EffectID?) -> EffectScope

  enum Turn {
    case granted
    case waiting(UnsafeContinuation<Bool, Never>?)
  }

  @usableFromInline init(parent: EffectScope?, id: EffectID? = nil) {
    self.parent = parent
    self.id = id
  }

  /// Whether the scope may still send mutations.
  @usableFromInline final var isActive: Bool { !isFinished && !isRevoked }

  /// Whether this scope or an enclosing one was cancelled.
  @usableFromInline final var isRevoked: Bool { isCancelled || parent?.isRevoked == true }
}
