/// The assignments of one ``Pulse`` of a reactor's state, as an `AsyncSequence`.
///
/// Yields the value each time it is assigned after the iteration started; see ``Pulse`` for why a
/// value assigned earlier is not replayed.
public struct PulseSequence<State: Sendable, Value: Sendable>: AsyncSequence, Sendable {
  /// An assigned value.
  public typealias Element = Value

  /// The pulse as a member of the state that changes with every assignment.
  let pulses: StateMemberSequence<State, Pulse<Value>>

  init(states: StateSequence<State>, pulse: @escaping @Sendable (State) -> Pulse<Value>) {
    pulses = StateMemberSequence(
      states: states, read: pulse, isSame: { $0.updateCount == $1.updateCount })
  }

  /// Subscribes to the reactor's states.
  public func makeAsyncIterator() -> Iterator {
    Iterator(pulses: pulses.makeAsyncIterator())
  }

  /// Reads the assignments of one subscription.
  public struct Iterator: AsyncIteratorProtocol, Sendable {
    var pulses: StateMemberSequence<State, Pulse<Value>>.Iterator
    var skipsCurrent = true

    /// The next assigned value, or `nil` once the reactor is gone.
    public mutating func next() async -> Value? {
      await next(from: nil)
    }

    /// The next assigned value, read without leaving the caller's actor.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    public mutating func next(isolation actor: isolated (any Actor)?) async -> Value? {
      await next(from: actor)
    }

    private mutating func next(from actor: isolated (any Actor)?) async -> Value? {
      if skipsCurrent {
        // The current pulse only sets the baseline: what was assigned before is not replayed.
        skipsCurrent = false
        guard await pulses.next(from: actor) != nil else { return nil }
      }
      return await pulses.next(from: actor)?.value
    }
  }
}
