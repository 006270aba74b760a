/// One task counted by the tracker of leak checks, if one is installed: what the task tells when
/// it ends. (Inlinable code cannot name the SPI `EffectTracker` itself.)
@usableFromInline struct TaskCount: Sendable {
  let tracker: EffectTracker?

  /// A task that no tracker counts.
  @usableFromInline static let untracked = TaskCount(tracker: nil)

  @usableFromInline func taskEnded() {
    tracker?.taskEnded()
  }
}
