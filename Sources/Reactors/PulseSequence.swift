/// The assignments of one ``Pulse`` of a reactor's state, as an `AsyncSequence`.
///
/// Yields the value each time it is assigned after the iteration started; see ``Pulse`` for why a
/// value assigned earlier is not replayed.
public struct PulseSequence<State: Sendable, Value: Sendable>: AsyncSequence, Sendable {
  /// An assigned value.
  public typealias Element = Value

  let states: StateSequence<State>
  let pulse: @Sendable (State) -> Pulse<Value>

  /// Subscribes to the reactor's states.
  public func makeAsyncIterator() -> Iterator {
    Iterator(states: states.makeAsyncIterator(), pulse: pulse)
  }

  /// Reads the assignments of one subscription.
  public struct Iterator: AsyncIteratorProtocol, Sendable {
    var states: StateSequence<State>.Iterator
    let pulse: @Sendable (State) -> Pulse<Value>
    var lastCount: UInt?

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
      while let state = await states.subscription?.buffer.next(isolation: actor) {
        let current = pulse(state)
        defer { lastCount = current.updateCount }
        // The first state only sets the baseline: what was assigned before is not replayed.
        if let lastCount, lastCount != current.updateCount {
          return current.value
        }
      }
      return nil
    }
  }
}
