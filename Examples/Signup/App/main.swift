import ExampleCommandLine
import Foundation
import ReactorsRecording
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

var status: Int32 = 0
var end = SessionEnd.quit
if let script {
  status = await ScriptRunner(reactor: reactor, printsJSON: options.common.json, program: program)
    .run(script)
} else {
  do {
    end = try await InteractiveForm(reactor: reactor, environment: environment).run()
  } catch {
    program.fail("cannot use the terminal: \(error)")
  }
}
// After the terminal is restored, so that it lands on the shell, ready for a bug report.
if let path = options.common.recordPath { program.reportRecording(atPath: path) }
if end == .interrupted { ProcessSignals.end(by: SIGINT) }
exit(status)
