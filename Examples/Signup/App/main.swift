import ExampleCommandLine
import Foundation
import SignupKit
import TerminalUI

// signup: a sign-up form with live validation, driven by `SignupReactor`. See README.md.

let program = Program(name: "signup")
let options: SignupOptions = program.start()
if let path = options.common.replayPath {
  await SessionReplay.run(path: path, printsJSON: options.common.json, program: program)
}
// Read and checked before anything starts; `nil` for the interactive form.
let script = program.readScript(options.common, as: ScriptCommand.init)

// Created before anything starts, so a path that cannot be written exits at once.
let recording = options.common.recordPath.map { program.createRecording(atPath: $0) }

let environment: SignupEnvironment
do {
  environment = try SignupEnvironment(options: options)
} catch {
  program.fail("cannot start offline mode: \(error)")
}

let reactor = SignupReactor(
  availability: environment.availability,
  signup: environment.signup,
  debounce: options.common.debounce,
  clock: ContinuousClock(),
  diagnostics: ProcessInfo.processInfo.environment["SIGNUP_DIAGNOSTICS"] == "1"
    ? .print(label: "SignupReactor") : nil,
  recorder: recording.map { file in .jsonLines(for: SignupReactor.self, writeLine: file.writeLine) }
)

if let script {
  exit(
    await ScriptRunner(reactor: reactor, printsJSON: options.common.json, program: program)
      .run(script))
}
do {
  let end = try await InteractiveForm(reactor: reactor, environment: environment).run()
  if end == .interrupted { ProcessSignals.end(by: SIGINT) }
} catch {
  program.fail("cannot use the terminal: \(error)")
}
exit(0)
