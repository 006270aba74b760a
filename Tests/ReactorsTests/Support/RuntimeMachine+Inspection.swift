@testable import Reactors

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
