@testable import Reactors

/// Drives the internal debounce state machine from tests, on a clock of plain integers.
struct DebounceStateMachineProbe {
  /// What the timer does when it wakes, without the internal type.
  enum TimerAction: Equatable {
    case deliver(String)
    case sleep(until: Int)
    case stop
  }

  private var machine = DebounceStateMachine<String, Int>()

  /// Returns whether a timer must start.
  mutating func receive(_ value: String, due deadline: Int) -> Bool {
    machine.receive(value, due: deadline)
  }

  mutating func timerFired(at now: Int) -> TimerAction {
    switch machine.timerFired(at: now) {
    case .deliver(let value): .deliver(value)
    case .sleep(let deadline): .sleep(until: deadline)
    case .stop: .stop
    }
  }

  mutating func cancel() {
    machine.cancel()
  }
}
