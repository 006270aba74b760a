/// One task counted by the tracker of a leak check or test store, if one is installed: what the
/// task tells when it ends. (Inlinable code cannot name the SPI `EffectTracker` itself.)
@usableFromInline struct TaskCount: Sendable {
  let tracker: EffectTracker?

  /// Counts a task that starts now.
  init(_ tracker: EffectTracker?) {
    tracker?.taskStarted()
    self.tracker = tracker
  }

  @usableFromInline func taskEnded() {
    tracker?.taskEnded()
  }
}
