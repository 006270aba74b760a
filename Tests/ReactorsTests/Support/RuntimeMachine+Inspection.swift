@testable import Reactors

extension RuntimeMachine {
  /// Whether the step's owner may perform its work on the plain path: the reactor is started and
  /// has no hook, recorder, tracker or `take(until:)` work, and has not ended.
  var isPlain: Bool { state != nil && !needsGeneralPath }
}

extension FollowUp {
  /// Whether nothing is left to do once the lock is released.
  var isEmpty: Bool { items.isEmpty }
  /// The tasks it cancels, in order.
  var tasksToCancel: [Task<Void, Never>] {
    items.compactMap { if case .cancel(let task) = $0 { task } else { nil } }
  }
  /// The `.queue` turns it resumes, with whether each is granted.
  var turnsToResume: [(UnsafeContinuation<Bool, Never>, granted: Bool)] {
    items.compactMap {
      if case .resume(let turn, let granted) = $0 { (turn, granted) } else { nil }
    }
  }
  /// The idle waiters it resumes.
  var idleWaiters: [CheckedContinuation<Void, Never>] {
    items.compactMap { if case .wake(let waiter) = $0 { waiter } else { nil } }
  }
}

extension EffectTable.Registration {
  /// Whether the work is dropped.
  var isSkip: Bool {
    if case .skip = self { true } else { false }
  }
}
