/// Who hears of each new state: a synchronous observer or a `StateSequence` consumer.
@usableFromInline enum Listener<State: Sendable>: Sendable {
  /// An observer registered with `observe(_:)`; the token is its `StateObservation`'s identity.
  case observer(token: ObjectIdentifier, receive: @Sendable (State) -> Void)
  /// The buffer of one `StateSequence` consumer.
  case consumer(StateBuffer<State>)

  /// What removes the listener.
  var token: ObjectIdentifier {
    switch self {
    case .observer(let token, _): token
    case .consumer(let buffer): ObjectIdentifier(buffer)
    }
  }

  var consumer: StateBuffer<State>? {
    if case .consumer(let buffer) = self { buffer } else { nil }
  }

  /// Whether the consumer has gone.
  var isFinished: Bool { consumer?.isFinished ?? false }

  /// Hands `state` over; returns `false` if the consumer has gone.
  @inlinable func receive(_ state: State) -> Bool {
    switch self {
    case .observer(_, let receive):
      receive(state)
      return true
    case .consumer(let buffer):
      return buffer.push(state)
    }
  }
}
