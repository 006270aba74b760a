import Testing

@testable import Reactors

/// The debounce's decisions as a value, on instants that are plain integers.
@Suite(.timeLimit(.minutes(1))) struct DebounceStateMachineTests {
  @Test func aValueThatArrivesWhileTheTimerSleepsMovesItsDeadlineInsteadOfStartingAnother() {
    var machine = DebounceStateMachine<String, Int>()
    let startsTimer = machine.receive("a", due: 10)
    let startsAnother = machine.receive("b", due: 20)
    let firstWake = machine.timerFired(at: 10)
    let secondWake = machine.timerFired(at: 20)
    let lateWake = machine.timerFired(at: 20)
    #expect(startsTimer)
    #expect(!startsAnother)
    #expect(firstWake == .sleep(until: 20))
    #expect(secondWake == .deliver("b"))
    #expect(lateWake == .stop)  // Delivered once.
  }

  @Test func aValueAfterADeliveryStartsANewTimer() {
    var machine = DebounceStateMachine<String, Int>()
    _ = machine.receive("a", due: 10)
    let wake = machine.timerFired(at: 12)
    let startsTimer = machine.receive("b", due: 22)
    #expect(wake == .deliver("a"))
    #expect(startsTimer)
  }

  @Test func nothingIsDeliveredAfterCancel() {
    var machine = DebounceStateMachine<String, Int>()
    _ = machine.receive("a", due: 10)
    machine.cancel()
    let wake = machine.timerFired(at: 10)
    let startsTimer = machine.receive("b", due: 20)
    #expect(wake == .stop)
    #expect(!startsTimer)
  }
}
