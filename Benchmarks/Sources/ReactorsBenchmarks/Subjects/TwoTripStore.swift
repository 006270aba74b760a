import Foundation

/// `ThreeTripStore` with the commit moved into the hold that ends the step: two holds of an
/// `NSLock` per action, the observer called before the state is committed.
///
/// The floor of the two-hold step that `sync-action` would need to meet its target. The runtime
/// does not take it: an observer (or another thread it signals) reading `currentState` would see
/// the state before the one it is handed, unless the step's owner kept its uncommitted state and
/// its thread's identity in every reactor (`Performance.md`, "What is left").
final class TwoTripStore: HandWrittenStore, @unchecked Sendable {
  // Safe: `state` and `isStepping` are read and written only while `lock` is held, and `state`
  // only by the thread that set `isStepping`.
  private let lock = NSLock()
  private var state = CounterState()
  private var isStepping = false
  private let observer: @Sendable (CounterState) -> Void

  init(observer: @escaping @Sendable (CounterState) -> Void) {
    self.observer = observer
  }

  /// Takes the step, reduces, calls the observer, then commits and ends the step in one hold.
  func send(_ action: CounterAction) {
    lock.lock()
    precondition(!isStepping, "TwoTripStore takes one thread at a time")
    isStepping = true
    let current = state
    lock.unlock()
    let newState = reduceCounter(current, counterMutation(for: action))
    observer(newState)
    lock.lock()
    state = newState
    isStepping = false
    lock.unlock()
  }

  var currentState: CounterState {
    lock.lock()
    defer { lock.unlock() }
    return state
  }
}
