import Observation
import Reactors
import Testing

@MainActor
@Suite(.timeLimit(.minutes(2))) struct ObservedReactorTests {
  @Test func itStartsWithTheReactorsCurrentState() {
    let counter = CounterReactor()
    counter.send(.increase)
    let model = ObservedReactor(counter)
    #expect(model.state.value == 1)
  }

  @Test func readingStateRegistersAnObservationThatFiresWhenAStateArrives() async {
    let model = ObservedReactor(CounterReactor())
    await withCheckedContinuation { continuation in
      withObservationTracking {
        _ = model.state
      } onChange: {
        continuation.resume()
      }
      model.send(.increase)
    }
    #expect(model.state.value == 1)
  }

  @Test func statesReducedOffTheMainActorReachTheModelOnIt() async {
    let counter = CounterReactor()
    let model = ObservedReactor(counter)
    await Task.detached {
      for _ in 0..<100 { counter.send(.increase) }
    }.value
    while model.state.value != 100 {
      await withCheckedContinuation { continuation in
        withObservationTracking {
          _ = model.state
        } onChange: {
          continuation.resume()
        }
        if model.state.value == 100 { continuation.resume() }
      }
    }
    #expect(model.state.value == 100)
  }

  @Test func theModelDoesNotKeepObservingAfterItIsReleased() {
    let counter = CounterReactor()
    var model: ObservedReactor<CounterReactor>? = ObservedReactor(counter)
    weak let released = model
    model = nil
    #expect(released == nil)
    counter.send(.increase)
  }
}
