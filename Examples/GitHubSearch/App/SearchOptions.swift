import ExampleCommandLine
import Foundation
import GitHubSearchKit

/// What the command line asked for.
///
/// ```
/// github-search [--offline | --api-url URL] [--json] [--pages N] [--per-page N] QUERY...
/// github-search [--offline | --api-url URL] [--json] [--script FILE]
/// github-search --replay FILE [--json]
/// ```
///
/// `--record FILE` and `--state-dir DIR` or `--no-state` go with any of the first two.
struct SearchOptions: CommandLineOptions, Equatable {
  var common = CommonOptions()
  var pages = 1
  var pageSize = 30
  /// The words of a one-shot search, joined by spaces; `nil` without any.
  var query: String?

  static let usage = """
    usage: github-search [--offline | --api-url URL] [--json] [--pages N]
                         [--per-page N] [--record FILE]
                         [--state-dir DIR | --no-state] QUERY...
           github-search [--offline | --api-url URL] [--json] [--script FILE]
                         [--record FILE] [--state-dir DIR | --no-state]
           github-search --replay FILE [--json]

    Searches GitHub repositories. With a QUERY, prints the first N pages as a table
    (or JSON lines), each page as it arrives, and exits. Otherwise, on a terminal,
    opens the interactive search; with --script FILE or commands piped in, runs
    them and prints every state: query TEXT, next, retry, open N, close, wait,
    sleep MS, # comment. The whole script is read and checked before it runs.
    `wait` waits for the requests in flight, not for a rate limit to pass
    (`sleep MS` then `retry` waits one out); at its end the script waits as `wait`
    does.

    options:
      --offline          search a generated catalog, served by an embedded server
                         on 127.0.0.1
      --api-url URL      a GitHub-compatible API (default https://api.github.com)
      --json             print JSON lines instead of text (not in the interactive
                         search: there it is a usage error)
      --pages N          how many pages to print for a QUERY, 1 to 1000 (default
                         1); a search stops at the first 1000 results, as GitHub
                         serves no more, and says so
      --per-page N       results per page, 1 to 100 (default 30)
      --script FILE      run the commands in FILE (- for standard input)
      --record FILE      record the session to FILE (JSON lines; the token is
                         never in it); FILE must not exist: a recording never
                         overwrites a file; at exit, says the command that
                         replays it
      --replay FILE      on a terminal, step through a recorded session: the
                         screen after each event and what it changed (<- ->
                         events, Shift: actions, Home, End, / find, q quit); off a
                         terminal or with --json, print its states as a script
                         prints them; from its mutations alone: no network, no
                         clock; it takes only --json
      --debounce-ms N    the search debounce (default 300)
      --state-dir DIR    keep the query history in DIR/github-search.json instead
                         of the state directory below; a script, --json or QUERY
                         run keeps it only with this option
      --no-state         neither restore nor save the query history
      -h, --help         show this help

    saved state: the interactive search remembers the queries it searched
    (newest first, at most 100; Ctrl-P and Ctrl-N recall them, and the last one
    comes back when it opens) in github-search.json under
    \(StateLocation.defaultDirectoryDescription)
    A file that cannot be read is moved aside and said, never overwritten.
    --replay never reads or writes saved state.

    exit status: 0 done; 1 the search failed (a QUERY, or a script that ends
    failed, rate limited included; as signup for a failed sign-up), or a --record
    FILE exists or cannot be written; 2 a usage, script or recording error
    (--replay of a missing, corrupt or foreign file); Ctrl-C ends it by SIGINT
    (130 in a shell), SIGTERM and SIGHUP by theirs, the history saved first.

    environment:
      GITHUB_TOKEN       sent as a bearer token (never printed)
      GITHUB_SEARCH_OFFLINE_LATENCY_MS, GITHUB_SEARCH_OFFLINE_RATE_LIMIT,
      GITHUB_SEARCH_OFFLINE_FAULTS, GITHUB_SEARCH_OFFLINE_LOG
                         tune --offline (see README)
    """

  /// Who answers, as messages name it: the simulation must not be blamed on GitHub.
  var serverName: String {
    common.server == .offline ? "the offline server" : "GitHub"
  }

  /// Parses the arguments (without the program name).
  static func parse(_ arguments: [String]) throws(UsageError) -> SearchOptions {
    var options = SearchOptions()
    var parser = OptionParser(arguments)
    var sawPages = false
    var given: [String] = []
    while let option = try parser.nextOption() {
      given.append(option)
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
    try options.common.checkReplay(given: given)
    guard !parser.operands.isEmpty else {
      if sawPages { throw UsageError("--pages applies to a QUERY only") }
      return options
    }
    guard options.common.scriptPath == nil else {
      throw UsageError("--script cannot be combined with a QUERY")
    }
    guard options.common.replayPath == nil else {
      throw UsageError("--replay cannot be combined with a QUERY")
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
