import Reactors
import Testing

@Suite(.timeLimit(.minutes(2))) struct PulseSequenceTests {
  @Test func aPulseIsDeliveredOncePerAssignmentEvenForTheSameValue() async {
    let reactor = AlertReactor()
    let received = Recorder<String?>()
    let alerts = reactor.pulse(\.$alert).makeAsyncIterator()  // Subscribed from here on.
    let listener = Task {
      var alerts = alerts
      while let alert = await alerts.next() { received.record(alert) }
    }
    reactor.send(.showAlert("saved"))
    reactor.send(.showAlert("saved"))
    reactor.send(.unrelated)
    reactor.send(.showAlert("failed"))
    await received.waitForCount(3)
    #expect(received.values == ["saved", "saved", "failed"])
    listener.cancel()
  }

  @Test func aLateSubscriberIsNotHandedAnEarlierAssignment() async {
    let reactor = AlertReactor()
    reactor.send(.showAlert("old news"))
    var iterator = reactor.pulse(\.$alert).makeAsyncIterator()
    reactor.send(.unrelated)
    reactor.send(.showAlert("fresh"))
    #expect(await iterator.next() == "fresh")
  }

  @Test func aPulseStreamEndsWhenTheReactorIsReleased() async {
    var reactor: AlertReactor? = AlertReactor()
    var iterator = reactor!.pulse(\.$alert).makeAsyncIterator()
    reactor!.send(.showAlert("saved"))
    #expect(await iterator.next() == "saved")
    reactor = nil
    #expect(await iterator.next() == nil)
  }
}

// MARK: - Fixtures

final class AlertReactor: Reactor {
  enum Action { case showAlert(String), unrelated }
  struct State {
    @Pulse var alert: String?
    var unrelatedChanges = 0
  }

  let initialState = State()
  let runtime = Runtime()

  func reduce(state: State, mutation: Action) -> State {
    var state = state
    switch mutation {
    case .showAlert(let message): state.alert = message
    case .unrelated: state.unrelatedChanges += 1
    }
    return state
  }
}
