import ExampleCommandLine
import Foundation
import SignupKit

/// Scripted mode: runs commands against the reactor and prints the form after every state
/// change, as text or as JSON lines.
///
/// Each state change prints once, in order, from a synchronous observer (a state that prints as
/// the one before it is skipped). At the end of the script the runner waits for pending work, as
/// if the script ended with `wait`.
struct ScriptRunner {
  let reactor: SignupReactor
  let printsJSON: Bool
  let program: Program

  /// Runs every command, each with the number of its line; returns the exit status: 1 if the
  /// run ends with a failed sign-up (said on standard error too), as `github-search` does for a
  /// failed search, else 0.
  func run(_ commands: [(line: Int, command: ScriptCommand)]) async -> Int32 {
    let printer = StatePrinter(printsJSON: printsJSON)
    let observation = reactor.observe { state in printer.print(state) }
    defer { observation.cancel() }
    // A draft restored (with --state-dir) is checked first, as the interactive form checks it.
    let restored = reactor.currentState.username
    if !restored.isEmpty { reactor.send(.updateUsername(restored)) }
    for (line, command) in commands {
      await perform(command, line: line)
    }
    await reactor.waitUntilIdle()
    guard case .failed(let message)? = reactor.currentState.outcome else { return 0 }
    program.printError(message)
    return 1
  }

  private func perform(_ command: ScriptCommand, line: Int) async {
    switch command {
    case .username(let text): reactor.send(.updateUsername(text))
    case .password(let text): reactor.send(.updatePassword(text))
    case .repeatedPassword(let text): reactor.send(.updateRepeatedPassword(text))
    case .signUp:
      let state = reactor.currentState
      if !state.canSignUp {
        let reason =
          state.isSigningUp ? "a sign-up is already in flight" : "not every field is valid yet"
        program.printError("note: line \(line): signup ignored, \(reason)")
      }
      reactor.send(.signUp)
    case .wait: await reactor.waitUntilIdle()
    case .sleep(let milliseconds): try? await Task.sleep(for: .milliseconds(milliseconds))
    }
  }
}
