@testable import Reactors

extension RuntimeMachine {
  /// Whether the step's owner may perform its work on the plain path: the reactor is started and
  /// has no hook, recorder, tracker or `take(until:)` work, and has not ended.
  var isPlain: Bool { state != nil && !needsGeneralPath }
}

extension FollowUp {
  /// Whether nothing is left to do once the lock is released.
  var isEmpty: Bool {
    tasksToCancel.isEmpty && turnsToResume.isEmpty && idleWaiters.isEmpty && released.isEmpty
  }
}

extension EffectTable.Registration {
  /// Whether the work is dropped.
  var isSkip: Bool {
    if case .skip = self { true } else { false }
  }
}
