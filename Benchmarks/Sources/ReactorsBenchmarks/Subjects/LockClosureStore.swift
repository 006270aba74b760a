import Foundation

/// The floor of a thread-safe store: a lock, the counter's logic and one observer closure.
///
/// What the runtime is held against (`lock-closure-store`): `NSLock`, as an app would write it.
final class LockClosureStore: HandWrittenStore, @unchecked Sendable {
  // Safe: `state` is read and written only while `lock` is held.
  private let lock = NSLock()
  private var state = CounterState()
  private let observer: @Sendable (CounterState) -> Void

  init(observer: @escaping @Sendable (CounterState) -> Void) {
    self.observer = observer
  }

  /// Applies an action and calls the observer with the new state, under the lock.
  func send(_ action: CounterAction) {
    lock.lock()
    state = reduceCounter(state, counterMutation(for: action))
    observer(state)
    lock.unlock()
  }

  var currentState: CounterState {
    lock.lock()
    defer { lock.unlock() }
    return state
  }
}
