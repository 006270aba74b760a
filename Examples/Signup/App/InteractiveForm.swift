import SignupKit

/// Placeholder until TerminalUI lands.
struct InteractiveForm {
  let reactor: SignupReactor
  let environment: SignupEnvironment

  func run() async -> Int32 {
    OutputStream.standardError.writeLine("signup: the interactive form needs TerminalUI")
    return 1
  }
}
