import ExampleCommandLine
import Foundation
import SignupKit
import TerminalUI

// signup: a sign-up form with live validation, driven by `SignupReactor`. See README.md.

ProcessSignals.prepare()
let program = Program(name: "signup")

let options: SignupOptions
do {
  options = try SignupOptions.parse(CommandLine.arguments.dropFirst())
} catch {
  program.exit(error)
}
if options.showHelp {
  OutputFile.standardOutput.writeLine(SignupOptions.usage)
  exit(0)
}

/// The commands of the script, read and checked before anything starts; `nil` for the
/// interactive form.
func loadScript() -> [(line: Int, command: ScriptCommand)]? {
  let mode: RunMode
  do {
    mode = try RunMode.choose(scriptPath: options.scriptPath)
  } catch {
    program.exit(error)
  }
  guard case .script(let path) = mode else { return nil }
  do {
    return try ScriptReader.read(path: path).map { line throws(ScriptError) in
      (line.number, try ScriptCommand(line))
    }
  } catch {
    program.exit(error)
  }
}
let script = loadScript()

let environment: SignupEnvironment
do {
  environment = try SignupEnvironment(options: options)
} catch {
  program.fail("cannot start offline mode: \(error)")
}

let reactor = SignupReactor(
  availability: environment.availability,
  signup: environment.signup,
  debounce: options.debounce,
  clock: ContinuousClock(),
  diagnostics: ProcessInfo.processInfo.environment["SIGNUP_DIAGNOSTICS"] == "1"
    ? .print(label: "SignupReactor") : nil)

if let script {
  await ScriptRunner(reactor: reactor, printsJSON: options.json, program: program).run(script)
  exit(0)
}
do {
  let end = try await InteractiveForm(reactor: reactor, environment: environment).run()
  if end == .interrupted { ProcessSignals.end(by: SIGINT) }
} catch {
  program.fail("cannot use the terminal: \(error)")
}
exit(0)
