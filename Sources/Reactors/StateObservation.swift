/// Keeps a synchronous state observer registered; see ``Reactor/observe(_:)``.
///
/// The observer is removed when you call ``cancel()`` or when this object is released.
public class StateObservation: @unchecked Sendable {
  // Safe: the base class has no stored state; the one subclass holds only a `weak let` and a
  // `let`, both immutable after `init`.

  init() {}

  /// Removes the observer; calling it again does nothing.
  public func cancel() {}

  deinit {}
}

/// The observation of one reactor's runtime.
final class RuntimeObservation<Action: Sendable, Mutation: Sendable, State: Sendable>:
  StateObservation, @unchecked Sendable
{
  // Safe: see `StateObservation`.
  weak let storage: RuntimeStorage<Action, Mutation, State>?
  let id: UInt64

  init(storage: RuntimeStorage<Action, Mutation, State>, id: UInt64) {
    self.storage = storage
    self.id = id
  }

  override func cancel() {
    storage?.removeObserver(id)
  }

  deinit {
    storage?.removeObserver(id)
  }
}
