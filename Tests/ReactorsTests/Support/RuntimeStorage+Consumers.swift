@testable import Reactors

extension RuntimeStorage {
  /// How many `StateSequence` consumers listen; read with the lock held, which is safe here:
  /// the tests read it between steps.
  var consumerCount: Int {
    withLock { $0.listeners.all.count { $0.consumer != nil } }
  }
}
