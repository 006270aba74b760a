import ExampleCommandLine
import Foundation
import GitHubSearchKit

/// What the command line asked for.
///
/// ```
/// github-search [--offline | --api-url URL] [--json] [--pages N] [--per-page N] QUERY...
/// github-search [--offline | --api-url URL] [--json] [--script FILE]
/// ```
struct SearchOptions: CommandLineOptions, Equatable {
  var common = CommonOptions()
  var pages = 1
  var pageSize = 30
  /// The words of a one-shot search, joined by spaces; `nil` without any.
  var query: String?

  static let usage = """
    usage: github-search [--offline | --api-url URL] [--json] [--pages N] [--per-page N] QUERY...
           github-search [--offline | --api-url URL] [--json] [--script FILE]

    Searches GitHub repositories. With a QUERY, prints the first N pages as a table (or JSON
    lines) and exits. Otherwise, on a terminal, opens the interactive search; with --script FILE
    or commands piped in, runs them and prints every state: query TEXT, next, retry, open N,
    close, wait, sleep MS, # comment. The whole script is read and checked before it runs.

    options:
      --offline          serve a generated catalog from an embedded server on 127.0.0.1
      --api-url URL      a GitHub-compatible API (default https://api.github.com)
      --json             print JSON lines instead of text
      --pages N          how many pages to print for a QUERY, 1 to 1000 (default 1)
      --per-page N       results per page, 1 to 100 (default 30)
      --script FILE      run the commands in FILE (- for standard input)
      --debounce-ms N    the search debounce (default 300)
      -h, --help         show this help

    exit status: 0 done, 1 the search failed, 2 a usage or script error; Ctrl-C ends it by
    SIGINT (130 in a shell).

    environment:
      GITHUB_TOKEN       sent as a bearer token (never printed)
      GITHUB_SEARCH_OFFLINE_LATENCY_MS, GITHUB_SEARCH_OFFLINE_RATE_LIMIT,
      GITHUB_SEARCH_OFFLINE_FAULTS, GITHUB_SEARCH_OFFLINE_LOG   tune --offline (see README)
    """

  /// Parses the arguments (without the program name).
  static func parse(_ arguments: [String]) throws(UsageError) -> SearchOptions {
    var options = SearchOptions()
    var parser = OptionParser(arguments)
    var sawPages = false
    while let option = try parser.nextOption() {
      switch option {
      case "--pages":
        options.pages = try parser.integer(in: 1...1000)
        sawPages = true
      case "--per-page":
        options.pageSize = try parser.integer(in: 1...GitHubConfiguration.maximumPageSize)
      default:
        guard try options.common.read(option, from: &parser) else { throw parser.unknownOption() }
      }
    }
    guard !parser.operands.isEmpty else {
      if sawPages { throw UsageError("--pages applies to a QUERY only") }
      return options
    }
    guard options.common.scriptPath == nil else {
      throw UsageError("--script cannot be combined with a QUERY")
    }
    let query = GitHubSearchReactor.normalized(parser.operands.joined(separator: " "))
    guard !query.isEmpty else { throw UsageError("the QUERY is empty") }
    guard query.count <= ScriptCommand.maximumQueryLength else {
      throw UsageError(
        "the QUERY has \(query.count) characters; GitHub takes at most "
          + "\(ScriptCommand.maximumQueryLength)")
    }
    guard !query.containsControlCharacters else {
      throw UsageError("the QUERY holds a control character")
    }
    options.query = query
    return options
  }
}
