import Foundation
import GitHubSearchKit

/// What the command line asked for.
///
/// ```
/// github-search [--offline | --api-url URL] [--json] [--pages N] [--per-page N] [QUERY...]
/// github-search [--offline | --api-url URL] [--json] --script FILE
/// ```
struct CommandLineOptions: Equatable {
  /// Where the API is.
  enum Server: Equatable {
    /// `https://api.github.com`.
    case publicAPI
    /// Another GitHub-compatible API (GitHub Enterprise: `https://host/api/v3`).
    case custom(URL)
    /// The embedded server on 127.0.0.1.
    case offline
  }

  /// What to do.
  enum Mode: Equatable {
    /// Print the first pages of `query` and exit.
    case query(String)
    /// Run a script: from a file, or from standard input (`nil`).
    case script(path: String?)
    /// The interactive terminal UI, or a script on standard input when it is not a terminal.
    case interactiveOrStandardInput
  }

  /// A command line that cannot be run; exits with status 2.
  struct UsageError: Error, Equatable {
    var message: String
  }

  var server: Server = .publicAPI
  var json = false
  var pages = 1
  var pageSize = 30
  var debounce: Duration = .milliseconds(300)
  var mode: Mode = .interactiveOrStandardInput
  var showHelp = false

  static let usage = """
    usage: github-search [--offline | --api-url URL] [--json] [--pages N] [--per-page N] [QUERY...]
           github-search [--offline | --api-url URL] [--json] --script FILE

    Searches GitHub repositories. With a QUERY, prints the first N pages and exits; with
    --script, runs the commands of FILE (query TEXT, next, retry, wait, sleep MS; `-` reads
    standard input); with neither, opens the interactive search on a terminal.

    options:
      --offline          serve a generated catalog from an embedded server on 127.0.0.1
      --api-url URL      a GitHub-compatible API (default https://api.github.com)
      --json             print JSON lines instead of text
      --pages N          how many pages to print for a QUERY (default 1)
      --per-page N       results per page, 1 to 100 (default 30)
      --script FILE      run the commands in FILE
      --debounce-ms N    the search debounce (default 300)
      -h, --help         show this help

    environment:
      GITHUB_TOKEN       sent as a bearer token (never printed)
      GITHUB_SEARCH_OFFLINE_LATENCY_MS, GITHUB_SEARCH_OFFLINE_RATE_LIMIT,
      GITHUB_SEARCH_OFFLINE_FAULTS, GITHUB_SEARCH_OFFLINE_LOG   tune --offline (see README)
    """

  /// Parses the arguments (without the program name).
  static func parse(_ arguments: [String]) throws(UsageError) -> CommandLineOptions {
    var options = CommandLineOptions()
    var words: [String] = []
    var script: String?
    var sawPages = false
    var remaining = arguments[...]

    func value(of option: String, inline: String?) throws(UsageError) -> String {
      if let inline { return inline }
      guard let next = remaining.popFirst() else {
        throw UsageError(message: "\(option) needs a value")
      }
      return next
    }

    func number(
      of option: String, inline: String?, in range: ClosedRange<Int>
    ) throws(UsageError)
      -> Int
    {
      let text = try value(of: option, inline: inline)
      guard let number = Int(text), range.contains(number) else {
        throw UsageError(
          message: "\(option) needs a number from \(range.lowerBound) to \(range.upperBound), "
            + "got \"\(text)\"")
      }
      return number
    }

    while let argument = remaining.popFirst() {
      if argument == "--" {
        words += remaining
        break
      }
      guard argument.hasPrefix("-"), argument != "-" else {
        words.append(argument)
        continue
      }
      let (name, inline) = Self.split(argument)
      switch name {
      case "-h", "--help":
        options.showHelp = true
      case "--offline":
        guard options.server == .publicAPI else {
          throw UsageError(message: "--offline and --api-url cannot be combined")
        }
        options.server = .offline
      case "--api-url":
        guard options.server == .publicAPI else {
          throw UsageError(message: "--offline and --api-url cannot be combined")
        }
        let text = try value(of: name, inline: inline)
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
          scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else {
          throw UsageError(message: "--api-url needs an http(s) URL, got \"\(text)\"")
        }
        options.server = .custom(url)
      case "--json":
        options.json = true
      case "--pages":
        options.pages = try number(of: name, inline: inline, in: 1...1000)
        sawPages = true
      case "--per-page":
        options.pageSize = try number(
          of: name, inline: inline, in: 1...GitHubConfiguration.maximumPageSize)
      case "--debounce-ms":
        options.debounce = .milliseconds(try number(of: name, inline: inline, in: 0...60_000))
      case "--script":
        script = try value(of: name, inline: inline)
      default:
        throw UsageError(message: "unknown option \(name)")
      }
    }

    let query = words.joined(separator: " ")
    if let script {
      guard words.isEmpty else {
        throw UsageError(message: "--script cannot be combined with a QUERY")
      }
      guard !sawPages else { throw UsageError(message: "--pages applies to a QUERY only") }
      options.mode = .script(path: script == "-" ? nil : script)
    } else if !words.isEmpty {
      guard !GitHubSearchReactor.normalized(query).isEmpty else {
        throw UsageError(message: "the QUERY is empty")
      }
      options.mode = .query(query)
    }
    return options
  }

  /// `--name=value` → (`--name`, `value`); anything else → (argument, nil).
  private static func split(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
      return (argument, nil)
    }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }
}
