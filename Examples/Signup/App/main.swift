import ExampleCommandLine
import ExamplePersistence
import Foundation
import Reactors
import ReactorsPersistence
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

// The username draft: kept by the interactive form, and by a script only with --state-dir, so
// that scripts stay reproducible.
let (stateFile, stateNotices) = program.openStateFile(
  for: SignupReactor.self, named: "signup.json",
  at: StateLocation.forRun(options.common, isInteractive: script == nil))

// Created before anything starts, so a path that cannot be written exits at once.
let recording = options.common.recordPath.map { program.createRecording(atPath: $0) }
// A session that starts from a restored draft records it, so that its replay starts there too.
let recorder: ReactorRecorder<SignupReactor.Action, SignupReactor.Mutation>? = recording.map {
  file in
  guard let restored = stateFile?.restored else {
    return .jsonLines(for: SignupReactor.self, writeLine: file.writeLine)
  }
  return .jsonLines(for: SignupReactor.self, startingFrom: restored, writeLine: file.writeLine)
}

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
  recorder: recorder,
  stateFile: stateFile
)

// Every way out comes through here (Esc, Ctrl-C, end of input, the end of a script, SIGINT,
// SIGTERM or SIGHUP from outside): the last draft is on disk before the process ends.
let exitPath = ExitPath { @MainActor in
  await stateFile?.flush()
  // After the terminal is restored, so that it lands on the shell, ready for a bug report.
  if let path = options.common.recordPath { program.reportRecording(atPath: path) }
}
exitPath.handleTerminationSignals()

var status: Int32 = 0
var end = SessionEnd.quit
if let script {
  status = await ScriptRunner(reactor: reactor, printsJSON: options.common.json, program: program)
    .run(script)
} else {
  let notice = stateNotices.isEmpty ? nil : stateNotices.joined(separator: "; ")
  do {
    end = try await InteractiveForm(reactor: reactor, environment: environment, notice: notice)
      .run()
  } catch {
    program.fail("cannot use the terminal: \(error)")
  }
}
if end == .interrupted { await exitPath.end(by: SIGINT) }
await exitPath.exit(status: status)
