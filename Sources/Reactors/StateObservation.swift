/// Keeps a synchronous state observer registered; see ``Reactor/observe(_:)``.
///
/// The observer is removed when you call ``cancel()`` or when this object is released.
public class StateObservation: @unchecked Sendable {
  // Safe: the base class has no stored state; the one subclass holds only a `weak let`,
  // immutable after `init`.

  init() {}

  /// Removes the observer; calling it again does nothing.
  public func cancel() {}
}

/// The observation of one reactor's runtime; its identity is the observer's key.
final class RuntimeObservation<Action: Sendable, Mutation: Sendable, State: Sendable>:
  StateObservation, @unchecked Sendable
{
  // Safe: see `StateObservation`.
  weak let storage: RuntimeStorage<Action, Mutation, State>?

  init(storage: RuntimeStorage<Action, Mutation, State>) {
    self.storage = storage
  }

  override func cancel() {
    storage?.removeListener(ObjectIdentifier(self))
  }

  deinit {
    storage?.removeListener(ObjectIdentifier(self))
  }
}
