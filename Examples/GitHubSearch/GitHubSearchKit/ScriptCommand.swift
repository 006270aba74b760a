import ExampleCommandLine

/// One line of a `--script` file: what the scripted mode does next.
///
/// ```
/// # Search, then give up on it for another query while it is in flight.
/// query swift
/// sleep 350
/// query rust
/// wait
/// next
/// wait
/// # Show the first repository's detail, then close it.
/// open 1
/// wait
/// close
/// ```
public enum ScriptCommand: Sendable, Equatable {
  /// `query TEXT`: type `TEXT` into the search field (everything after `query `; may be empty).
  case query(String)
  /// `next`: scroll to the end of the list (load the next page).
  case next
  /// `retry`: retry the page that failed.
  case retry
  /// `open N`: show the detail of the Nth repository listed, from 1 (nothing happens when the
  /// list is shorter).
  case open(Int)
  /// `close`: close the detail.
  case close
  /// `wait`: wait until no debounce or request is pending.
  case wait
  /// `sleep MS`: wait `MS` milliseconds of real time (at most a minute), so that a request can
  /// be in flight when the next command arrives.
  case sleep(milliseconds: Int)

  /// GitHub refuses a search query longer than this many characters.
  public static let maximumQueryLength = 256

  /// The command on `line`.
  ///
  /// - Throws: `ScriptError` for an unknown command, a malformed argument, or a query longer
  ///   than ``maximumQueryLength``.
  public init(_ line: ScriptLine) throws(ScriptError) {
    switch line.keyword {
    case "query":
      let query = GitHubSearchReactor.normalized(line.argument)
      guard query.count <= Self.maximumQueryLength else {
        throw line.error(
          "the query has \(query.count) characters; GitHub takes at most "
            + "\(Self.maximumQueryLength)")
      }
      self = .query(query)
    case "next":
      try line.expectNoArgument()
      self = .next
    case "retry":
      try line.expectNoArgument()
      self = .retry
    case "open":
      let words = line.argument.split { $0 == " " || $0 == "\t" }
      guard words.count == 1, let number = Int(words[0]), number >= 1 else {
        throw line.error("open needs the number of a repository in the list, from 1, like 'open 1'")
      }
      self = .open(number)
    case "close":
      try line.expectNoArgument()
      self = .close
    case "wait":
      try line.expectNoArgument()
      self = .wait
    case "sleep": self = .sleep(milliseconds: try line.milliseconds())
    default:
      throw line.unknownCommand(
        expected: ["query", "next", "retry", "open", "close", "wait", "sleep"])
    }
  }
}
