/// The relays of a reactor's overridden `transform` hooks and its subscriptions to their output,
/// built at first use. A hook left at its default (it returns the relay's signal) gets no relay.
@usableFromInline
final class Pipeline<Action: Sendable, Mutation: Sendable, State: Sendable>: Sendable {
  let actions: SignalRelay<Action>?
  @usableFromInline let mutations: SignalRelay<Mutation>?
  @usableFromInline let states: SignalRelay<State>?
  /// What the overridden hooks returned, for `connect`.
  private let outputs:
    (actions: Signal<Action>?, mutations: Signal<Mutation>?, states: Signal<State>?)
  private let subscriptions = Locked<[SignalSubscription]>.make([])

  private init(
    actions: (SignalRelay<Action>, Signal<Action>)?,
    mutations: (SignalRelay<Mutation>, Signal<Mutation>)?,
    states: (SignalRelay<State>, Signal<State>)?
  ) {
    (self.actions, self.mutations, self.states) = (actions?.0, mutations?.0, states?.0)
    outputs = (actions?.1, mutations?.1, states?.1)
  }

  /// Calls the reactor's `transform` hooks; `nil` when all three are the identity.
  static func make<R: Reactor>(for reactor: R) -> Pipeline?
  where R.Action == Action, R.Mutation == Mutation, R.State == State {
    let actions = overridden(SignalRelay<Action>(), reactor.transform(action:))
    let mutations = overridden(SignalRelay<Mutation>(), reactor.transform(mutation:))
    let states = overridden(SignalRelay<State>(), reactor.transform(state:))
    if actions == nil, mutations == nil, states == nil { return nil }
    return Pipeline(actions: actions, mutations: mutations, states: states)
  }

  private static func overridden<Element>(
    _ relay: SignalRelay<Element>, _ transform: (Signal<Element>) -> Signal<Element>
  ) -> (SignalRelay<Element>, Signal<Element>)? {
    let output = transform(relay.signal)
    return output.source == ObjectIdentifier(relay) ? nil : (relay, output)
  }

  /// Connects the outputs of the hooks to the runtime; prepended values are delivered now.
  func connect(
    actions receiveAction: @escaping Signal<Action>.Receiver,
    mutations receiveMutation: @escaping Signal<Mutation>.Receiver,
    states receiveState: @escaping Signal<State>.Receiver
  ) {
    var connected: [SignalSubscription] = []
    if let output = outputs.states { connected.append(output.subscribe(receiveState)) }
    if let output = outputs.mutations { connected.append(output.subscribe(receiveMutation)) }
    if let output = outputs.actions { connected.append(output.subscribe(receiveAction)) }
    subscriptions.withLock { $0.append(contentsOf: connected) }
  }

  /// Stops the hooks' tasks and timers; called when the reactor is released.
  func disconnect() {
    var connected: [SignalSubscription] = []
    subscriptions.withLock { swap(&$0, &connected) }
    for subscription in connected { subscription.cancel() }
  }
}
