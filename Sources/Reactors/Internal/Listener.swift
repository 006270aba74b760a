/// Who hears of each new state: a synchronous observer or a `StateSequence` consumer. A struct of
/// optionals, not an enum, so that copying one out to call it is a retain, not an outlined copy.
@usableFromInline struct Listener<State: Sendable>: Sendable {
  /// What removes the listener: its `StateObservation`'s identity, or its buffer's.
  let token: ObjectIdentifier
  /// An observer registered with `observe(_:)`.
  @usableFromInline let observer: (@Sendable (State) -> Void)?
  /// The buffer of one `StateSequence` consumer.
  @usableFromInline let consumer: StateBuffer<State>?

  /// An observer registered with `observe(_:)`.
  static func observer(
    token: ObjectIdentifier, receive: @escaping @Sendable (State) -> Void
  ) -> Listener { Listener(token: token, observer: receive, consumer: nil) }

  /// A `StateSequence` consumer.
  static func consumer(_ buffer: StateBuffer<State>) -> Listener {
    Listener(token: ObjectIdentifier(buffer), observer: nil, consumer: buffer)
  }

  /// Hands `state` over; returns `false` if the consumer has gone.
  @inlinable func receive(_ state: State) -> Bool {
    observer?(state)
    return consumer?.push(state) ?? true
  }
}

/// The listeners of a reactor, in subscription order: the first one inline, since most reactors
/// have one (a view), and the others in an array that only those with more allocate.
@usableFromInline struct Listeners<State: Sendable>: Sendable {
  @usableFromInline var first: Listener<State>?
  @usableFromInline var others: [Other] = []
  /// A listener after the first, with its observer boxed: what its `ListenerCall` calls.
  @usableFromInline typealias Other = (listener: Listener<State>, box: ListenerCall<State>.Box?)

  @usableFromInline init(first: Listener<State>? = nil, others: [Other] = []) {
    (self.first, self.others) = (first, others)
  }

  var all: [Listener<State>] { (first.map { [$0] } ?? []) + others.map(\.listener) }

  /// Adds a listener last; after the first, with its observer's box (`box`, or a new one).
  mutating func append(_ listener: Listener<State>, box: ListenerCall<State>.Box? = nil) {
    guard first != nil || !others.isEmpty else { return first = listener }
    others.append((listener, box ?? listener.observer.map(ListenerCall.Box.init)))
  }

  /// Removes and returns the listener registered under `token`.
  mutating func remove(_ token: ObjectIdentifier) -> Listener<State>? {
    if let first, first.token == token {
      self.first = others.isEmpty ? nil : others.removeFirst().listener
      return first
    }
    guard let index = others.firstIndex(where: { $0.listener.token == token }) else { return nil }
    return others.remove(at: index).listener
  }

  /// Forgets the consumers that have gone; returns them.
  mutating func dropFinished() -> Listeners {
    var (kept, dropped) = (Listeners(), Listeners())
    let entries: [Other] = (first.map { [($0, nil)] } ?? []) + others  // The boxes are kept.
    for (listener, box) in entries {
      let isGone = listener.consumer?.isFinished == true
      if isGone { dropped.append(listener) } else { kept.append(listener, box: box) }
    }
    self = kept
    return dropped
  }

  /// Ends the sequences of the consumers among these listeners, which have been let go.
  @usableFromInline func finishConsumers() {
    first?.consumer?.finish()
    for other in others { other.listener.consumer?.finish() }
  }
}
