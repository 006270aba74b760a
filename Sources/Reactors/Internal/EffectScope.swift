#if !canImport(Darwin)
import Synchronization
#endif

/// One cancellable unit of asynchronous work: a `run`'s task, a `take(until:)` or a `cancellable`.
/// Scopes nest: what one sends is applied only if neither it nor an enclosing scope was cancelled.
@usableFromInline class EffectScope: @unchecked Sendable {
  // Safe: the `var`s are written only by `RuntimeMachine`, under the runtime's lock, and read
  // under it too but for the atomic flags; the `let`s never change. That is what keeps a mutation
  // of a cancelled effect from `reduce`. CI runs every path under ThreadSanitizer.

  /// The scope this one runs inside, if any.
  final let parent: EffectScope?
  /// The id of `cancellable(id:policy:)` work, which groups it with the other runs of that id.
  final let id: EffectID?
  /// The runs of its id, while the scope is one of them. Not owned, so that the two do not keep
  /// each other alive: the table owns the group, and drops it only once no scope is in it.
  final unowned var group: EffectTable.Group?
  /// Where the scope is in `EffectTable.running` while it runs; -1 before and after.
  final var slot = -1
  /// The task running the scope's work, once it exists.
  final var task: Task<Void, Never>?
  /// For `.queue` work: whether it waits for its turn, and its suspended task's continuation.
  final var turn: Turn = .granted
  #if canImport(Darwin)
  /// Set once, by a cancel: whatever the scope sends from then on is dropped.
  final var isCancelled = false
  /// Set once, when the scope's work has returned or will never run.
  final var isFinished = false
  #else
  /// `isCancelled` and `isFinished`, written under the lock and read without it by a task's
  /// `emit`. Apple systems read them under the lock: `Atomic` is newer there (see `StepLock`).
  @usableFromInline final let flags = Atomic<UInt8>(0)
  /// Set once, by a cancel: whatever the scope sends from then on is dropped.
  @inlinable final var isCancelled: Bool {
    get { flags.load(ordering: .acquiring) & 1 != 0 }
    set { if newValue { flags.bitwiseOr(1, ordering: .releasing) } }
  }
  /// Set once, when the scope's work has returned or will never run.
  @inlinable final var isFinished: Bool {
    get { flags.load(ordering: .acquiring) & 2 != 0 }
    set { if newValue { flags.bitwiseOr(2, ordering: .releasing) } }
  }
  #endif

  /// Makes a scope from its parent and its id.
  @usableFromInline typealias Maker = (EffectScope?, EffectID?) -> EffectScope

  enum Turn { case granted, waiting(UnsafeContinuation<Bool, Never>?) }

  @usableFromInline init(parent: EffectScope?, id: EffectID? = nil) {
    self.parent = parent
    self.id = id
  }

  /// Whether the scope may still send mutations.
  @usableFromInline final var isActive: Bool { !isFinished && !isRevoked }

  /// Whether this scope or an enclosing one was cancelled.
  @usableFromInline final var isRevoked: Bool { isCancelled || parent?.isRevoked == true }
}
