/// A top-level `.latest` run waiting for the task spawned to start it: a newer run of the same
/// id replaces it before the task starts, so superseded work never starts nor gets a scope. The
/// table sees the slot; the work and its action are in the subclass, typed by the runtime.
@usableFromInline class LatestSlot: @unchecked Sendable {
  // Safe: `id` never changes; the `var`s are read and written only under the runtime's lock.
  /// The id the run is registered under.
  final let id: EffectID
  /// The task spawned for the slot, once it exists.
  final var task: Task<Void, Never>?
  /// Whether the task has yet to take the run (or to find the slot cancelled).
  final var isWaiting = true
  /// The scope of the run the task took, once it started.
  final var taken: EffectScope?
  /// How many runs have been left in the slot: its task waits while a burst keeps leaving more.
  @usableFromInline final var replacements = 0
  /// The most turns the task yields before taking the newest run, so an endless burst starts one.
  @inlinable static var turns: Int { 16 }

  @usableFromInline init(id: EffectID) { self.id = id }

  /// Lets go of the waiting run, which will never start; returns it, to release unlocked.
  func dropWork() -> Any? { nil }
}

/// A `LatestSlot` with its waiting run: the work and the action it answers.
@usableFromInline final class LatestRun<R: Reactor>: LatestSlot, @unchecked Sendable {
  // Safe: see `LatestSlot`.
  @usableFromInline var work: Pending<R.Mutation>?
  @usableFromInline var action: R.Action?

  /// Leaves `work` for the task in place of the waiting run; returns that, to release unlocked.
  @inlinable func replace(
    with work: Pending<R.Mutation>, for action: R.Action
  ) -> (Pending<R.Mutation>?, R.Action?) {
    replacements &+= 1
    defer { (self.work, self.action) = (work, action) }
    return (self.work, self.action)
  }

  override func dropWork() -> Any? {
    defer { (work, action) = (nil, nil) }
    return (work, action)
  }
}

/// What a `.latest` slot's task finds: its run, in a scope made now; a slot cancelled; or more
/// runs left there than it saw last (a burst goes on: it looks again after a turn).
@usableFromInline enum LatestTake<R: Reactor> {
  case taken(EffectContext<R>, Pending<R.Mutation>), cancelled, waitAfter(Int)
}
