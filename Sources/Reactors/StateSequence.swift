/// The states of a reactor as an `AsyncSequence`: the current state first, then every new one.
///
/// Any number of consumers may iterate at once; each gets its own buffer and, by default, every
/// state in order. A consumer that stops iterating, or whose task is cancelled, unsubscribes and
/// frees its buffer. The sequence ends when the reactor is released.
///
/// ```swift
/// for await state in reactor.state {
///   render(state)
/// }
/// ```
///
/// The sequence does not keep the reactor alive.
public struct StateSequence<State: Sendable>: AsyncSequence, Sendable {
  /// A state of the reactor.
  public typealias Element = State

  let subscribe: @Sendable (_ latestOnly: Bool) -> StateBuffer<State>?
  let policy: StateBufferingPolicy

  /// The same states with another buffering policy.
  public func buffering(_ policy: StateBufferingPolicy) -> StateSequence {
    StateSequence(subscribe: subscribe, policy: policy)
  }

  /// Subscribes to the reactor; the subscription lasts as long as the iterator.
  public func makeAsyncIterator() -> Iterator {
    Iterator(subscription: subscribe(policy == .latest).map(Subscription.init))
  }

  /// Reads the states of one subscription; subscribing happens when it is made, so an iterator
  /// made before a task starts and handed to it sees every state from that moment.
  public struct Iterator: AsyncIteratorProtocol, Sendable {
    @usableFromInline let subscription: Subscription?

    /// The next state, or `nil` once the reactor is gone or the task is cancelled.
    @inlinable public mutating func next() async -> State? {
      await subscription?.buffer.next(isolation: nil)
    }

    /// The next state, read without leaving the caller's actor (no hop per state for a consumer
    /// on the main actor); `nil` once the reactor is gone or the task is cancelled.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @inlinable public mutating func next(isolation actor: isolated (any Actor)?) async -> State? {
      await subscription?.buffer.next(isolation: actor)
    }
  }

  /// Unsubscribes when the last copy of the iterator goes away.
  @usableFromInline final class Subscription: Sendable {
    @usableFromInline let buffer: StateBuffer<State>

    init(_ buffer: StateBuffer<State>) {
      self.buffer = buffer
    }

    deinit {
      buffer.finish()
    }
  }
}

/// How a ``StateSequence`` consumer that reads slower than states change is served.
public enum StateBufferingPolicy: Sendable, Hashable {
  /// Every state, in order; none skipped, none repeated. The default.
  case all
  /// Only the newest state not read yet; for rendering, where older states are of no use.
  case latest
}
