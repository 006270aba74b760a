/// The floor of a main-actor effect: a main-actor store whose action starts a main-actor `Task`
/// that sets the state and tells the waiter; no runtime, no cancellation.
@MainActor final class MainActorStore {
  private(set) var state = CounterState()
  private let waiter: MainActorWaiter

  init(waiter: MainActorWaiter) {
    self.waiter = waiter
  }

  func send(_ action: CounterAction) {
    Task { @MainActor in
      state = reduceCounter(state, counterMutation(for: action))
      waiter.resume()
    }
  }
}
