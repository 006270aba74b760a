/// One cancellable unit of asynchronous work: the task of a `run`, a `take(until:)`, or a
/// `cancellable(id:policy:)`.
///
/// Scopes nest: a mutation sent inside a scope is applied only if neither it nor an enclosing
/// scope was cancelled. Every field that changes is read and written only by `RuntimeMachine`,
/// under the runtime's lock, which is what makes "no mutation of a cancelled effect reaches
/// `reduce`" hold.
@usableFromInline final class EffectScope: @unchecked Sendable {
  // Safe: the `var`s are touched only by the runtime machine, whose lock guards them; the `let`s
  // never change. `ReactorRuntimeTests` and `ConcurrencyTests` run every path under
  // ThreadSanitizer in CI.

  /// The scope this one runs inside, if any.
  let parent: EffectScope?
  /// The id of `cancellable(id:policy:)` work, which groups it with the other runs of that id.
  let id: EffectID?
  /// Whether the work is `.latest`: a top-level run of it waits in a `LatestSlot` for its task.
  @usableFromInline let isLatest: Bool
  /// The runs of its id, while the scope is one of them. Not owned, so that the two do not keep
  /// each other alive: the table owns the group, and drops it only once no scope is in it.
  unowned var group: EffectTable.Group?
  /// The task running the scope's work, once it exists.
  var task: Task<Void, Never>?
  /// For `.queue` work: whether it waits for its turn, and the continuation of its task once that
  /// task is suspended waiting.
  var turn: Turn = .granted
  /// Set once, by a cancel: whatever the scope sends from then on is dropped.
  var isCancelled = false
  /// Set once, when the scope's work has returned or will never run.
  var isFinished = false

  enum Turn {
    case granted
    case waiting(UnsafeContinuation<Bool, Never>?)
  }

  init(parent: EffectScope?, id: EffectID? = nil, isLatest: Bool = false) {
    self.parent = parent
    self.id = id
    self.isLatest = isLatest
  }

  /// Whether the scope may still send mutations.
  @usableFromInline var isActive: Bool { !isFinished && !isRevoked }

  /// Whether this scope or an enclosing one was cancelled.
  @usableFromInline var isRevoked: Bool { isCancelled || parent?.isRevoked == true }
}
