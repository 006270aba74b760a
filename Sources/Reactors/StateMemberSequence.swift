/// One member of a reactor's state as an `AsyncSequence`: its current value first, then each new
/// value; see `Reactor.state(_:)`.
///
/// An `Equatable` member yields only when its value changes; any other member yields with every
/// new state. Built on ``Reactor/state``, it has the same lifetime: it ends when the reactor is
/// released, does not keep it alive, and a consumer that stops iterating unsubscribes.
public struct StateMemberSequence<State: Sendable, Value: Sendable>: AsyncSequence, Sendable {
  /// A value of the member.
  public typealias Element = Value

  let states: StateSequence<State>
  /// Reads the member from a state.
  let read: @Sendable (State) -> Value
  /// Whether two values are the same, for an `Equatable` member; `nil` yields every state's value.
  let isSame: (@Sendable (Value, Value) -> Bool)?

  /// The same member read from states buffered with `policy`; `.latest` suits rendering.
  public func buffering(_ policy: StateBufferingPolicy) -> StateMemberSequence {
    StateMemberSequence(states: states.buffering(policy), read: read, isSame: isSame)
  }

  /// Subscribes to the reactor's states; the subscription lasts as long as the iterator.
  public func makeAsyncIterator() -> Iterator {
    Iterator(states: states.makeAsyncIterator(), read: read, isSame: isSame)
  }

  /// Reads the member's values of one subscription.
  public struct Iterator: AsyncIteratorProtocol, Sendable {
    var states: StateSequence<State>.Iterator
    let read: @Sendable (State) -> Value
    let isSame: (@Sendable (Value, Value) -> Bool)?
    var last: Value?

    /// The next value, or `nil` once the reactor is gone or the task is cancelled.
    public mutating func next() async -> Value? {
      await next(from: nil)
    }

    /// The next value, read without leaving the caller's actor.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    public mutating func next(isolation actor: isolated (any Actor)?) async -> Value? {
      await next(from: actor)
    }

    /// Shared by both `next`s and by ``PulseSequence``.
    mutating func next(from actor: isolated (any Actor)?) async -> Value? {
      while let state = await states.subscription?.buffer.next(isolation: actor) {
        let value = read(state)
        if let last, let isSame, isSame(last, value) { continue }
        last = value
        return value
      }
      return nil
    }
  }
}

extension StateMemberSequence {
  init(
    states: StateSequence<State>, member: KeyPath<State, Value> & Sendable,
    isSame: (@Sendable (Value, Value) -> Bool)?
  ) {
    self.init(states: states, read: { $0[keyPath: member] }, isSame: isSame)
  }
}
