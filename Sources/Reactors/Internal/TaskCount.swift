/// One task counted by the tracker of a leak check or test store, if one is installed: what the
/// task tells when it ends. (Inlinable code cannot name the SPI `EffectTracker` itself.)
@usableFromInline struct TaskCount: Sendable {
  let tracker: EffectTracker?
  /// Whether a tracker counts the task: only then does its work pay a call to `run(for:_:)`.
  @usableFromInline let isTracked: Bool

  /// A task no tracker counts.
  @usableFromInline static var untracked: TaskCount { TaskCount(nil) }

  /// Counts a task that starts now.
  init(_ tracker: EffectTracker?) {
    tracker?.taskStarted()
    (self.tracker, isTracked) = (tracker, tracker != nil)
  }

  /// Runs `body`, the task's work for `action`; with a tracker, as its `TrackedTask.current`.
  @usableFromInline nonisolated(nonsending) func run(
    for action: some Sendable, _ body: nonisolated(nonsending) () async -> Void
  ) async {
    guard let tracker else { return await body() }
    await TrackedTask.$current.withValue(TrackedTask(tracker: tracker, action: action)) {
      await body()
    }
  }

  @usableFromInline func taskEnded() { tracker?.taskEnded() }
}
