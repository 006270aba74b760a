import ExampleCommandLine
import Foundation
import SignupKit

/// Prints each state it is given that looks different from the one printed before, with the
/// sign-up outcome on the state that announced it.
///
/// A state whose printed form is the last one's again is skipped: a keystroke in a password
/// field changes the state but nothing printed (no password is ever printed), so a session
/// typed at the form replays as the changes a person saw, not one copy per keystroke.
final class StatePrinter: @unchecked Sendable {
  // Safe: `outcomes` and `lastPrinted` are only touched with `lock` held. (The reactor already
  // calls its observers one at a time; the lock makes that independent of the reactor.)
  private let lock = NSLock()
  private var outcomes = PulseReader<SignupOutcome?>()
  private var lastPrinted: String?
  private let printsJSON: Bool

  init(printsJSON: Bool) {
    self.printsJSON = printsJSON
  }

  func print(_ state: SignupReactor.State) {
    lock.withLock {
      let outcome = outcomes.read(state.$outcome) ?? nil
      // The app's only sign-up service is the simulated one (see `SignupEnvironment`).
      let text =
        printsJSON
        ? SignupJSONRenderer.render(state, outcome: outcome)
        : SignupTextRenderer.render(state, outcome: outcome, isSimulated: true)
      guard text != lastPrinted else { return }
      let separator = printsJSON || lastPrinted == nil ? "" : "\n"
      OutputFile.standardOutput.writeLine(separator + text)
      lastPrinted = text
    }
  }
}
