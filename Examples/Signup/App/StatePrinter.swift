import ExampleCommandLine
import Foundation
import SignupKit

/// Prints each state it is given, with the sign-up outcome on the state that announced it.
final class StatePrinter: @unchecked Sendable {
  // Safe: `outcomes` and `printed` are only touched with `lock` held. (The reactor already calls
  // its observers one at a time; the lock makes that independent of the reactor.)
  private let lock = NSLock()
  private var outcomes = PulseReader<SignupOutcome?>()
  private var printed = 0
  private let printsJSON: Bool

  init(printsJSON: Bool) {
    self.printsJSON = printsJSON
  }

  func print(_ state: SignupReactor.State) {
    lock.withLock {
      let outcome = outcomes.read(state.$outcome) ?? nil
      if printsJSON {
        OutputFile.standardOutput.writeLine(SignupJSONRenderer.render(state, outcome: outcome))
      } else {
        let separator = printed == 0 ? "" : "\n"
        OutputFile.standardOutput.writeLine(
          separator + SignupTextRenderer.render(state, outcome: outcome))
      }
      printed += 1
    }
  }
}
