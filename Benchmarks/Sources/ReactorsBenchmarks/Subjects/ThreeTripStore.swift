import Foundation

/// The floor of a store that, like the runtime, runs the user's code with its lock released:
/// three short holds of an `NSLock` per action — take the step, commit the state, end the step —
/// with `reduce` before the commit and the observer between the last two.
///
/// Single-threaded, as `sync-action` is; it only shows what three lock trips cost on this machine
/// against `lock-closure-store`'s one. No queue: a send during a step would be lost here.
final class ThreeTripStore: HandWrittenStore, @unchecked Sendable {
  // Safe: `state` and `isStepping` are read and written only while `lock` is held, and `state`
  // only by the thread that set `isStepping`.
  private let lock = NSLock()
  private var state = CounterState()
  private var isStepping = false
  private let observer: @Sendable (CounterState) -> Void

  init(observer: @escaping @Sendable (CounterState) -> Void) {
    self.observer = observer
  }

  /// Takes the step, reduces, commits, calls the observer, ends the step.
  func send(_ action: CounterAction) {
    lock.lock()
    precondition(!isStepping, "ThreeTripStore takes one thread at a time")
    isStepping = true
    let current = state
    lock.unlock()
    let newState = reduceCounter(current, counterMutation(for: action))
    lock.lock()
    state = newState
    lock.unlock()
    observer(newState)
    lock.lock()
    isStepping = false
    lock.unlock()
  }

  var currentState: CounterState {
    lock.lock()
    defer { lock.unlock() }
    return state
  }
}
