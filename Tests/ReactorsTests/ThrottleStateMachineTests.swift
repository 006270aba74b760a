import ReactorsTesting
import Testing

@testable import Reactors

/// The throttle's decisions as a value, event by event, on instants of a test clock (in seconds).
@Suite(.timeLimit(.minutes(1))) struct ThrottleStateMachineTests {
  /// An event and what the machine must answer, written so a table reads as a timeline.
  enum Step {
    /// A value arrives at a second; `due` is the held value it finds overdue.
    case receive(String, at: Int, due: String?, Outcome)
    /// The timer wakes at a second.
    case timer(at: Int, Timer)
  }

  enum Outcome: Equatable {
    case pass
    case hold(until: Int, replaced: String?)
    case drop
  }

  enum Timer: Equatable {
    case pass(String)
    case sleep(until: Int)
    case stop
  }

  @Test(
    arguments: [
      (
        "the first value passes at once, later ones wait for the end of the interval",
        true,
        [
          Step.receive("a", at: 0, due: nil, .pass),
          .receive("b", at: 0, due: nil, .hold(until: 10, replaced: nil)),
          .receive("c", at: 4, due: nil, .hold(until: 10, replaced: "b")),
          .timer(at: 10, .pass("c")),
          .receive("d", at: 15, due: nil, .hold(until: 20, replaced: nil)),
          .timer(at: 20, .pass("d")),
          .receive("e", at: 31, due: nil, .pass),
        ]
      ),
      (
        "without latest the first held value wins and later ones are dropped",
        false,
        [
          Step.receive("a", at: 0, due: nil, .pass),
          .receive("b", at: 1, due: nil, .hold(until: 10, replaced: nil)),
          .receive("c", at: 2, due: nil, .drop),
          .timer(at: 10, .pass("b")),
          .timer(at: 10, .stop),
        ]
      ),
      (
        "a held value whose interval ended before its timer woke is handed to the next arrival",
        true,
        [
          Step.receive("a", at: 0, due: nil, .pass),
          .receive("b", at: 5, due: nil, .hold(until: 10, replaced: nil)),
          .receive("c", at: 12, due: "b", .hold(until: 20, replaced: nil)),
          .timer(at: 12, .sleep(until: 20)),
          .timer(at: 20, .pass("c")),
        ]
      ),
      (
        "a value after a quiet interval passes at once",
        true,
        [
          Step.receive("a", at: 0, due: nil, .pass),
          .receive("b", at: 10, due: nil, .pass),
          .receive("c", at: 25, due: nil, .pass),
        ]
      ),
    ] as [(String, Bool, [Step])])
  func decisions(_ title: String, latest: Bool, steps: [Step]) {
    var machine = ThrottleStateMachine<String, TestClock.Instant>(
      interval: .seconds(10), latest: latest)
    for (index, step) in steps.enumerated() {
      switch step {
      case .receive(let value, let second, let expectedDue, let expected):
        let (due, arrival) = machine.receive(value, at: instant(second))
        #expect(due == expectedDue, "\(title), step \(index)")
        #expect(outcome(arrival) == expected, "\(title), step \(index)")
      case .timer(let second, let expected):
        #expect(
          timer(machine.timerFired(at: instant(second))) == expected, "\(title), step \(index)")
      }
    }
  }

  @Test func nothingPassesAfterCancelNotEvenTheHeldValue() {
    var machine = ThrottleStateMachine<String, TestClock.Instant>(
      interval: .seconds(10), latest: true)
    _ = machine.receive("a", at: instant(0))
    _ = machine.receive("b", at: instant(1))
    machine.cancel()
    #expect(timer(machine.timerFired(at: instant(30))) == .stop)
    let (due, arrival) = machine.receive("c", at: instant(30))
    #expect(due == nil)
    #expect(outcome(arrival) == .drop)
  }

  private func instant(_ second: Int) -> TestClock.Instant {
    TestClock.Instant(offset: .seconds(second))
  }

  private func seconds(_ instant: TestClock.Instant) -> Int {
    Int(instant.offset.components.seconds)
  }

  private func outcome(
    _ arrival: ThrottleStateMachine<String, TestClock.Instant>.Arrival
  ) -> Outcome {
    switch arrival {
    case .pass: .pass
    case .hold(let start, let replaced): .hold(until: seconds(start), replaced: replaced)
    case .drop: .drop
    }
  }

  private func timer(_ action: TimerAction<String, TestClock.Instant>) -> Timer {
    switch action {
    case .deliver(let value): .pass(value)
    case .sleep(let start): .sleep(until: seconds(start))
    case .stop: .stop
    }
  }
}
