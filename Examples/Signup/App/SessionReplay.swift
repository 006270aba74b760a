import ExampleCommandLine
import Foundation
import Reactors
import SignupKit

/// `signup --replay FILE`: prints the states of a recorded session, as the recorded run printed
/// them, by reducing its mutations into the empty form — no network, no clock, no sign-up.
///
/// The passwords were redacted when the session was recorded; the verdicts that depend on them
/// travel in the mutations (``MaskedFields``), so every printed line is the recorded run's.
enum SessionReplay {
  static func run(path: String, printsJSON: Bool, program: Program) -> Never {
    let recording: Recording<SignupReactor>
    do {
      recording = try Recording(contentsOf: URL(fileURLWithPath: path))
    } catch {
      program.failToReplay(error.description)
    }
    // The clients are never called: only `reduce` runs.
    let reactor = SignupReactor(
      availability: UsernameAvailabilityClient(checkAvailability: { _ in throw CancellationError() }
      ),
      signup: SignupClient(signUp: { _, _ in throw CancellationError() }))
    let printer = StatePrinter(printsJSON: printsJSON)
    printer.print(reactor.initialState)
    for state in reactor.replay(recording.mutations) { printer.print(state) }
    exit(0)
  }
}
