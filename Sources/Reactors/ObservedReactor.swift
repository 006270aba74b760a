import Observation

/// A reactor's state as an `@Observable` model on the main actor, for SwiftUI.
///
/// ```swift
/// struct CounterView: View {
///   @State private var counter = ObservedReactor(CounterReactor())
///
///   var body: some View {
///     Button("\(counter.state.value)") { counter.send(.increase) }
///   }
/// }
/// ```
///
/// States reach ``state`` on the main actor, whichever thread reduced them. When several arrive
/// before the main actor runs, only the newest is applied: a view renders the present, not each
/// step. Use ``Reactor/state`` where every step matters.
@MainActor
public final class ObservedReactor<R: Reactor>: Observable {
  /// The reactor observed.
  public let reactor: R

  /// The newest state delivered to the main actor; reading it registers an observation.
  public var state: R.State {
    registrar.access(self, keyPath: \.state)
    return storedState
  }

  private var storedState: R.State
  private let registrar = ObservationRegistrar()
  private let mailbox: Locked<R.State?>
  private var observation: StateObservation?

  /// Observes `reactor` from now on.
  public init(_ reactor: R) {
    self.reactor = reactor
    storedState = reactor.currentState
    let mailbox = Locked<R.State?>.make(nil)
    self.mailbox = mailbox
    observation = reactor.observe { [weak self] state in
      let isFirst = mailbox.withLock { pending in
        defer { pending = state }
        return pending == nil
      }
      guard isFirst else { return }
      Task { @MainActor [weak self] in self?.applyPendingState() }
    }
  }

  /// Sends an action to the reactor.
  public func send(_ action: R.Action) {
    reactor.send(action)
  }

  private func applyPendingState() {
    guard let newState = mailbox.withLock({ $0.take() }) else { return }
    registrar.withMutation(of: self, keyPath: \.state) {
      storedState = newState
    }
  }
}
