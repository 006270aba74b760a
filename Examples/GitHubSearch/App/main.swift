import ExampleCommandLine
import Foundation
import GitHubSearchKit
import TerminalUI

// github-search: ReactorKit's GitHub search on Swift Concurrency. See README.md.

let program = Program(name: "github-search")
let options: SearchOptions = program.start()

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

let backend: SearchBackend
do {
  backend = try SearchBackend(options: options)
} catch {
  program.fail(error.message)
}

var status: Int32 = 0
var end = SessionEnd.quit
switch plan {
case .query(let query):
  status = await OneShotSearch.run(
    query: query, options: options, client: backend.client, program: program)
case .script(let commands):
  status = await ScriptedSearch.run(commands: commands, options: options, client: backend.client)
case .interactive:
  let source =
    options.common.server == .offline
    ? "offline · \(backend.apiURL.host ?? "")\(backend.apiURL.port.map { ":\($0)" } ?? "")"
    : backend.apiURL.host ?? backend.apiURL.absoluteString
  let reactor = GitHubSearchReactor(client: backend.client, debounce: options.common.debounce)
  do {
    end = try await InteractiveSearch(reactor: reactor, terminal: Terminal(), source: source).run()
  } catch {
    program.printError("cannot use the terminal: \(error)")
    status = 1
  }
}
await backend.shutDown()
if end == .interrupted { ProcessSignals.end(by: SIGINT) }
exit(status)
