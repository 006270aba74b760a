import Foundation
import SignupKit

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// signup: a sign-up form with live validation, driven by `SignupReactor`.
// Interactive when stdin is a terminal and no script is given; scripted otherwise.

let options: SignupOptions
do {
  options = try SignupOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  OutputStream.standardError.writeLine("signup: error: \(error)\n\n\(SignupOptions.usage)")
  exit(2)
}
if options.showsHelp {
  OutputStream.standardOutput.writeLine(SignupOptions.usage)
  exit(0)
}

let environment: SignupEnvironment
do {
  environment = try SignupEnvironment(options: options)
} catch {
  OutputStream.standardError.writeLine("signup: error: can't start offline mode: \(error)")
  exit(1)
}

let reactor = SignupReactor(
  availability: environment.availability,
  signup: environment.signup,
  debounce: options.debounce,
  clock: ContinuousClock(),
  diagnostics: ProcessInfo.processInfo.environment["SIGNUP_DIAGNOSTICS"] == "1"
    ? .print(label: "SignupReactor") : nil)

// NB: stdout must be a terminal too, or the form would be drawn into a file; with stdin a terminal
// and stdout redirected, the user types commands instead.
if options.scriptPath == nil && isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 {
  exit(await InteractiveForm(reactor: reactor, environment: environment).run())
}

let lines: AsyncStream<String>
if let path = options.scriptPath {
  do {
    lines = try ScriptLines.file(atPath: path)
  } catch {
    OutputStream.standardError.writeLine(
      "signup: error: can't read script \(String(reflecting: path)): \(error.localizedDescription)")
    exit(2)
  }
} else {
  lines = ScriptLines.standardInput()
}

do {
  try await ScriptRunner(reactor: reactor, printsJSON: options.printsJSON).run(lines)
} catch {
  OutputStream.standardError.writeLine("line \(error.line): \(error.message)")
  exit(2)
}
exit(0)
