import Reactors
import Testing

@Suite(.timeLimit(.minutes(2))) struct PulseTests {
  @Test func everyAssignmentCountsAsAnUpdateEvenWithTheSameValue() {
    var pulse = Pulse(wrappedValue: "hello")
    #expect(pulse.updateCount == 0)
    pulse.wrappedValue = "hello"
    pulse.wrappedValue = "hello"
    #expect(pulse.updateCount == 2)
    #expect(pulse.value == "hello")
  }

  @Test func twoPulsesWithTheSameValueButDifferentUpdatesDiffer() {
    var first = Pulse(wrappedValue: 1)
    let second = Pulse(wrappedValue: 1)
    #expect(first == second)
    first.value = 1
    #expect(first != second)
  }

  @Test func theProjectedValueIsThePulse() {
    let state = AlertState()
    #expect(state.$message.updateCount == 0)
    #expect(state.message == nil)
  }
}

struct AlertState {
  @Pulse var message: String?
}
