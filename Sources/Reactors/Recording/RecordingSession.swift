/// The running side of a ``ReactorRecorder``: stamps each event with its time and tells
/// immediate mutations from the others.
///
/// The runtime calls it from the thread that owns the reactor's step, with the runtime's lock
/// released, one call at a time: steps never overlap, and the step's hand-over between threads
/// goes through the runtime's lock. Its own lock makes it safe whatever the caller.
@usableFromInline final class RecordingSession<Action: Sendable, Mutation: Sendable>: Sendable {
  /// The time since the recording started.
  private let elapsed: @Sendable () -> Duration
  private let sink: @Sendable (RecordedEvent<Action, Mutation>) -> Void
  /// Whether a sent action is being performed: what is reduced meanwhile is immediate.
  private let isPerformingSentAction = Locked<Bool>.make(false)

  init(
    elapsed: @escaping @Sendable () -> Duration,
    sink: @escaping @Sendable (RecordedEvent<Action, Mutation>) -> Void
  ) {
    self.elapsed = elapsed
    self.sink = sink
  }

  /// An action as sent, about to be performed.
  func actionSent(_ action: Action) {
    isPerformingSentAction.withLock { $0 = true }
    sink(RecordedEvent(.action(action), at: elapsed()))
  }

  /// The action sent last has been performed: its immediate mutations are all reduced.
  func sentActionPerformed() {
    isPerformingSentAction.withLock { $0 = false }
  }

  /// A mutation was reduced and its state committed.
  func mutationReduced(_ mutation: Mutation) {
    let source: MutationSource = isPerformingSentAction.withLock { $0 } ? .immediate : .effect
    sink(RecordedEvent(.mutation(mutation, source: source), at: elapsed()))
  }
}
