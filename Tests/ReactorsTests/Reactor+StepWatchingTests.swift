import Foundation
import Testing

@_spi(Persistence) @testable import Reactors

/// The step watcher hears of a step only when it asked for one, and of the last state always.
@Suite(.timeLimit(.minutes(1))) struct ReactorStepWatchingTests {
  @Test func anArmedWatcherIsToldTheStateAtTheEndOfTheNextStepOnce() {
    let reactor = CounterReactor()
    let told = Recorder<(Int, Bool)>()
    reactor.setStepWatcher { state, isLast in told.record((state.value, isLast)) }

    #expect(reactor.armStepWatcher() == nil)  // Not used yet: its state is the initial one.
    reactor.send(.increase)
    reactor.send(.increase)

    #expect(told.values.map(\.0) == [1])
    #expect(told.values.map(\.1) == [false])
  }

  @Test func stepsWhileTheWatcherIsNotArmedAreNotTold() {
    let reactor = CounterReactor()
    let told = Recorder<Int>()
    reactor.setStepWatcher { state, _ in told.record(state.value) }

    for _ in 0..<10 { reactor.send(.increase) }
    #expect(told.values.isEmpty)

    #expect(reactor.armStepWatcher() == CounterReactor.State(value: 10))
    reactor.send(.decrease)
    #expect(told.values == [9])
    // Free again afterwards: the step word is back to a plain, free step.
    #expect(reactor.runtime.storage.step.loadWord() == 0)
  }

  @Test func aWatcherArmedDuringAStepIsToldTheStateThatStepEndsWith() {
    let reactor = CounterReactor()
    let told = Recorder<Int>()
    reactor.setStepWatcher { state, _ in told.record(state.value) }
    // Armed by an observer, inside the step that committed 1; the same step commits 2 after it.
    let observation = reactor.observe { state in
      if state.value == 1 {
        _ = reactor.armStepWatcher()
        reactor.send(.increase)
      }
    }

    reactor.send(.increase)

    #expect(told.values == [2])
    withExtendedLifetime(observation) {}
  }

  @Test func theLastStateIsToldWhenTheReactorGoesArmedOrNot() {
    let told = Recorder<(Int, Bool)>()
    do {
      let reactor = CounterReactor()
      reactor.setStepWatcher { state, isLast in told.record((state.value, isLast)) }
      reactor.send(.increase)
      reactor.send(.increase)
    }
    #expect(told.values.map(\.0) == [2])
    #expect(told.values.map(\.1) == [true])
  }

  @Test func aReplacedWatcherIsNoLongerTold() {
    let reactor = CounterReactor()
    let first = Recorder<Int>()
    let second = Recorder<Int>()
    reactor.setStepWatcher { state, _ in first.record(state.value) }
    reactor.setStepWatcher { state, _ in second.record(state.value) }

    _ = reactor.armStepWatcher()
    reactor.send(.increase)

    #expect(first.values.isEmpty)
    #expect(second.values == [1])
  }

  @Test func everyArmingWhileAnotherThreadSendsIsAnsweredByALaterState() async {
    let reactor = CounterReactor()
    let told = Recorder<Int>()
    reactor.setStepWatcher { state, _ in told.record(state.value) }
    reactor.send(.increase)
    let sends = 20_000
    let sender = Thread {
      for _ in 1..<sends { reactor.send(.increase) }
    }
    sender.start()
    // Arm as a store does, again after each answer: an arming that finds sends still to come is
    // answered by the end of a later step, with a state at least as new (or the wait fails).
    var arms = 0
    while let value = reactor.armStepWatcher()?.value, value < sends {
      arms += 1
      await told.waitForCount(arms)
      #expect(told.values[arms - 1] >= value)
    }
    #expect(told.values == told.values.sorted())
    #expect(reactor.currentState.value == sends)
  }
}
