/// One command line of a script: a keyword and what follows it.
///
/// ```
/// # Comments and blank lines are skipped.
/// username  two spaces      → keyword "username", argument " two spaces"
/// sleep 250                 → keyword "sleep", argument "250"
/// ```
///
/// The keyword ends at the first space or tab; the argument is the rest of the line after that
/// one separator, kept as written (a password's spaces and `#` included). Indentation and a
/// trailing carriage return (a script saved on Windows) are dropped.
public struct ScriptLine: Sendable, Equatable {
  /// The line's number in the script, from 1.
  public var number: Int
  /// The command's name.
  public var keyword: String
  /// Everything after the keyword and its separator; maybe empty.
  public var argument: String

  /// The longest `sleep`: a minute. Scripts are examples and tests, not schedulers.
  public static let maximumSleepMilliseconds = 60_000

  /// The command on `text`, or `nil` for a blank line or a comment.
  ///
  /// - Throws: ``ScriptError`` for a control character other than a tab: scripts are plain text.
  public init?(number: Int, text: some StringProtocol) throws(ScriptError) {
    let text = text.hasSuffix("\r") ? Substring(text.dropLast()) : Substring(text)
    if let control = text.unicodeScalars.first(where: { $0.isTerminalControl && $0 != "\t" }) {
      let code = String(control.value, radix: 16, uppercase: true)
      throw ScriptError(
        line: number,
        "control character U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code) "
          + "is not allowed; a script is plain text")
    }
    let trimmed = text.drop { $0 == " " || $0 == "\t" }
    if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
    let keyword = trimmed.prefix { $0 != " " && $0 != "\t" }
    self.number = number
    self.keyword = String(keyword)
    self.argument = String(trimmed.dropFirst(keyword.count).dropFirst())
  }

  /// An error about this line.
  public func error(_ message: String) -> ScriptError {
    ScriptError(line: number, message)
  }

  /// Checks that nothing but spaces follows the keyword.
  public func expectNoArgument() throws(ScriptError) {
    guard argument.allSatisfy({ $0 == " " || $0 == "\t" }) else {
      throw error("\(keyword) takes no argument")
    }
  }

  /// The argument as `sleep`'s milliseconds, up to ``maximumSleepMilliseconds``.
  public func milliseconds() throws(ScriptError) -> Int {
    let words = argument.split { $0 == " " || $0 == "\t" }
    guard words.count == 1, let value = Int(words[0]),
      (0...Self.maximumSleepMilliseconds).contains(value)
    else {
      throw error(
        "\(keyword) needs a whole number of milliseconds from 0 to "
          + "\(Self.maximumSleepMilliseconds), like '\(keyword) 250'")
    }
    return value
  }

  /// The error for a keyword the script language does not have.
  public func unknownCommand(expected: [String]) -> ScriptError {
    let shown = keyword.count > 20 ? keyword.prefix(20) + "…" : Substring(keyword)
    let list = expected.dropLast().joined(separator: ", ") + " or " + (expected.last ?? "")
    return error("unknown command \(JSONValue.quoted(String(shown))) (expected \(list))")
  }
}
