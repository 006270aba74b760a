import Foundation
import GitHubSearchKit
import TerminalUI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// github-search: ReactorKit's GitHub search on Swift Concurrency. See README.md.

signal(SIGPIPE, SIG_IGN)  // A closed pipe (`| head`) ends the output, not the process.

func usageFailure(_ message: String) -> Never {
  StandardStreams.printError(message)
  StandardStreams.printToStandardError("run `github-search --help` for usage\n")
  exit(2)
}

let options: CommandLineOptions
do {
  options = try CommandLineOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  usageFailure(error.message)
}
if options.showHelp {
  StandardStreams.printLine(CommandLineOptions.usage)
  exit(0)
}

/// What to run, decided before any server starts, so usage errors exit at once.
enum Plan {
  case query(String)
  case script([ScriptCommand])
  case interactive
}

func loadScript(path: String?) -> [ScriptCommand] {
  let text: String
  if let path {
    guard let data = FileManager.default.contents(atPath: path) else {
      usageFailure("cannot read the script \(path)")
    }
    text = String(decoding: data, as: UTF8.self)
  } else {
    text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
  }
  do {
    return try ScriptCommand.parse(script: text)
  } catch {
    StandardStreams.printToStandardError("\(error)\n")
    exit(2)
  }
}

let plan: Plan
switch options.mode {
case .query(let query):
  plan = .query(query)
case .script(let path):
  plan = .script(loadScript(path: path))
case .interactiveOrStandardInput:
  if Terminal().isInteractive {
    plan = .interactive
  } else if isatty(STDIN_FILENO) == 0 {
    plan = .script(loadScript(path: nil))  // Commands piped in: a script.
  } else {
    usageFailure("give a QUERY or --script FILE (the interactive search needs a terminal)")
  }
}

let backend: SearchBackend
do {
  backend = try SearchBackend(options: options)
} catch {
  StandardStreams.printError(error.message)
  exit(1)
}

let status: Int32
switch plan {
case .query(let query):
  status = await OneShotSearch.run(query: query, options: options, client: backend.client)
case .script(let commands):
  status = await ScriptedSearch.run(commands: commands, options: options, client: backend.client)
case .interactive:
  let source =
    options.server == .offline
    ? "offline · \(backend.apiURL.host ?? "")\(backend.apiURL.port.map { ":\($0)" } ?? "")"
    : backend.apiURL.host ?? backend.apiURL.absoluteString
  let reactor = GitHubSearchReactor(client: backend.client, debounce: options.debounce)
  do {
    try await InteractiveSearch(reactor: reactor, terminal: Terminal(), source: source).run()
    status = 0
  } catch {
    StandardStreams.printError("\(error)")
    status = 1
  }
}
backend.shutDown()
exit(status)
