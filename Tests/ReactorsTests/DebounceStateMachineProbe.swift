@testable import Reactors

/// Drives the internal debounce state machine from tests.
struct DebounceStateMachineProbe {
  private var machine = DebounceStateMachine<String>()

  mutating func receive(_ value: String) -> UInt64 {
    machine.receive(value)!
  }

  mutating func receiveAfterCancel(_ value: String) -> UInt64? {
    machine.receive(value)
  }

  mutating func timerFired(_ generation: UInt64) -> String? {
    machine.timerFired(generation: generation)
  }

  mutating func cancel() {
    machine.cancel()
  }
}
