import Foundation

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
/// ```
public enum ScriptCommand: Sendable, Equatable {
  /// `query TEXT`: type `TEXT` into the search field (everything after `query `; may be empty).
  case query(String)
  /// `next`: scroll to the end of the list (load the next page).
  case next
  /// `retry`: retry the page that failed.
  case retry
  /// `wait`: wait until no debounce or request is pending.
  case wait
  /// `sleep MS`: wait `MS` milliseconds of real time, so that a request can be in flight when
  /// the next command arrives.
  case sleep(milliseconds: Int)

  /// A line that is not a command.
  public struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line's number, from 1.
    public var line: Int
    /// What is wrong with it.
    public var message: String

    /// Makes an error for `line`.
    public init(line: Int, message: String) {
      self.line = line
      self.message = message
    }

    /// `line N: message`.
    public var description: String { "line \(line): \(message)" }
  }

  /// The commands of a whole script, in order; blank lines and `#` comments are skipped.
  ///
  /// - Throws: ``ParseError`` for the first line that is not a command.
  public static func parse(script: String) throws(ParseError) -> [ScriptCommand] {
    var commands: [ScriptCommand] = []
    // "\r\n" is one `Character`: split on it too, or a script saved on Windows is one line.
    let lines = script.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    for (index, line) in lines.enumerated() {
      if let command = try parse(line: String(line), number: index + 1) {
        commands.append(command)
      }
    }
    return commands
  }

  /// The command on one line, or `nil` for a blank line or a comment.
  public static func parse(line: String, number: Int) throws(ParseError) -> ScriptCommand? {
    let line = line.hasSuffix("\r") ? String(line.dropLast()) : line
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
    let name = trimmed.prefix { !$0.isWhitespace }
    let argument = trimmed.dropFirst(name.count).drop { $0.isWhitespace }
    switch name {
    case "query":
      return .query(String(argument))
    case "next", "retry", "wait":
      guard argument.isEmpty else {
        throw ParseError(line: number, message: "`\(name)` takes no argument")
      }
      return name == "next" ? .next : name == "retry" ? .retry : .wait
    case "sleep":
      guard let milliseconds = Int(argument), milliseconds >= 0 else {
        throw ParseError(
          line: number, message: "`sleep` needs a number of milliseconds, got \"\(argument)\"")
      }
      return .sleep(milliseconds: milliseconds)
    default:
      let shown = SearchError.oneLine(String(name), limit: 40)
      throw ParseError(
        line: number,
        message: "unknown command \"\(shown)\" (expected query, next, retry, wait or sleep)")
    }
  }
}
