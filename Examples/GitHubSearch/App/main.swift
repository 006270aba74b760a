import ExampleCommandLine
import ExamplePersistence
import Foundation
import GitHubSearchKit
import Reactors
import ReactorsPersistence
import ReactorsRecording
import TerminalUI

// github-search: ReactorKit's GitHub search on Swift Concurrency. See README.md.

let program = Program(name: "github-search")
let options: SearchOptions = program.start()
if let path = options.common.replayPath {
  await SessionReplay.run(path: path, printsJSON: options.common.json, program: program)
}

/// What to run, decided (and a script read and checked) before any server starts, so that a
/// usage or script error exits at once.
enum Plan {
  case query(String)
  case script([ScriptCommand])
  case interactive
}
let plan: Plan =
  if let query = options.query {
    .query(query)
  } else if let script = program.readScript(options.common, as: ScriptCommand.init) {
    .script(script.map(\.command))
  } else {
    .interactive
  }

// The query history: kept by the interactive search, and by the other modes only with
// --state-dir, so that scripts stay reproducible.
let isInteractive = if case .interactive = plan { true } else { false }
let (stateFile, stateNotices) = program.openStateFile(
  for: GitHubSearchReactor.self, named: "github-search.json",
  at: StateLocation.forRun(options.common, isInteractive: isInteractive))

// Created before any server starts, so a path that cannot be written exits at once. A session
// that starts from a restored history records it, so that its replay starts there too.
let recorder = options.common.recordPath.map { path in
  let file = program.createRecording(atPath: path)
  guard let restored = stateFile?.restored else {
    return ReactorRecorder.jsonLines(for: GitHubSearchReactor.self, writeLine: file.writeLine)
  }
  return ReactorRecorder.jsonLines(
    for: GitHubSearchReactor.self, startingFrom: restored, writeLine: file.writeLine)
}

let backend: SearchBackend
do {
  backend = try SearchBackend(options: options)
} catch {
  // An offline setting out of range, said as a usage error is (status 1, as documented).
  program.printWrappedError(error.message)
  exit(1)
}

// Every way out comes through here (Esc, Ctrl-C, end of input, the end of a script or query,
// SIGINT, SIGTERM or SIGHUP from outside): the last history is on disk before the process ends.
let exitPath = ExitPath { @MainActor in
  await stateFile?.flush()
  await backend.shutDown()
  // After the terminal is restored, so that it lands on the shell, ready for a bug report.
  if let path = options.common.recordPath { program.reportRecording(atPath: path) }
}
exitPath.handleTerminationSignals()

var status: Int32 = 0
var end = SessionEnd.quit
switch plan {
case .query(let query):
  status = await OneShotSearch.run(
    query: query, options: options, client: backend.client, program: program, recorder: recorder,
    stateFile: stateFile)
case .script(let commands):
  status = await ScriptedSearch.run(
    commands: commands, options: options, client: backend.client, program: program,
    recorder: recorder, stateFile: stateFile)
case .interactive:
  let server = SearchScreen.Server(
    apiURL: backend.apiURL, isOffline: options.common.server == .offline)
  let reactor = GitHubSearchReactor(
    client: backend.client, debounce: options.common.debounce, recorder: recorder,
    stateFile: stateFile)
  let notice = stateNotices.isEmpty ? nil : stateNotices.joined(separator: "; ")
  do {
    end = try await InteractiveSearch(
      reactor: reactor, terminal: Terminal(), server: server, notice: notice
    ).run()
  } catch {
    program.printError("cannot use the terminal: \(error)")
    status = 1
  }
}
if end == .interrupted { await exitPath.end(by: SIGINT) }
await exitPath.exit(status: status)
