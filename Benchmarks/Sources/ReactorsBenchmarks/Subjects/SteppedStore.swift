import Foundation

/// The floor of a store that, like the runtime, runs the user's code with its lock released: a
/// step of short `NSLock` holds per action, `reduce` and the observer between them.
///
/// With `commitsApart`, three holds, as the runtime's step takes them (`three-trip-store`): take
/// the step, commit the state, call the observer, end the step. Without, two (`two-trip-store`):
/// the observer is called before the state is committed, in the hold that ends the step. That is
/// the step `sync-action`'s target would need; the runtime does not take it, since an observer
/// (or a thread it signals) reading `currentState` would then see the state before the one it
/// is handed (`Performance.md`, "What is left").
///
/// Single-threaded, as `sync-action` is; it only shows what the lock trips cost on this machine
/// against `lock-closure-store`'s one. No queue: a send during a step would be lost here.
final class SteppedStore: HandWrittenStore, @unchecked Sendable {
  // Safe: `state` and `isStepping` are read and written only while `lock` is held, and `state`
  // only by the thread that set `isStepping`.
  private let lock = NSLock()
  private var state = CounterState()
  private var isStepping = false
  private let commitsApart: Bool
  private let observer: @Sendable (CounterState) -> Void

  init(commitsApart: Bool, observer: @escaping @Sendable (CounterState) -> Void) {
    self.commitsApart = commitsApart
    self.observer = observer
  }

  /// Takes the step, reduces, calls the observer and ends the step, committing the state in a
  /// hold of its own before the observer or in the last hold.
  func send(_ action: CounterAction) {
    lock.lock()
    precondition(!isStepping, "SteppedStore takes one thread at a time")
    isStepping = true
    let current = state
    lock.unlock()
    let newState = reduceCounter(current, counterMutation(for: action))
    if commitsApart {
      lock.lock()
      state = newState
      lock.unlock()
    }
    observer(newState)
    lock.lock()
    if !commitsApart { state = newState }
    isStepping = false
    lock.unlock()
  }

  var currentState: CounterState {
    lock.lock()
    defer { lock.unlock() }
    return state
  }
}
