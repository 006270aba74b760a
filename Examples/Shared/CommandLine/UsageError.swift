/// A command line that cannot be run as written; the program says why and exits with status 2.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong, as one sentence without the program's name.
  public var message: String

  /// Makes an error saying `message`.
  public init(_ message: String) {
    self.message = message
  }

  /// The ``message``.
  public var description: String { message }

  /// `program: message`, control characters escaped, in lines of `width` columns at most (one
  /// column a character), as the `--help` beside it: broken between words, the lines after the
  /// first indented by two spaces, and a word longer than a line (a pasted argument) cut across
  /// lines rather than left to run past the edge.
  ///
  /// ```
  /// github-search: --replay prints a recorded session; it takes only --json, not
  ///   --offline
  /// ```
  public func lines(program: String, width: Int = 80) -> [String] {
    let width = max(width, 8)
    var lines: [String] = []
    var current = ""
    func indent() -> Int { lines.isEmpty ? 0 : 2 }
    func room() -> Int { width - indent() - current.count - (current.isEmpty ? 0 : 1) }
    func finishLine() {
      lines.append(String(repeating: " ", count: indent()) + current)
      current = ""
    }
    let text = "\(program): \(message.escapingControlCharacters)"
    for word in text.split(separator: " ") {
      var rest = word
      if !current.isEmpty && rest.count > room() { finishLine() }
      while rest.count > room() {
        current = String(rest.prefix(room()))
        rest = rest.dropFirst(current.count)
        finishLine()
      }
      if !rest.isEmpty { current += (current.isEmpty ? "" : " ") + rest }
    }
    if !current.isEmpty || lines.isEmpty { finishLine() }
    return lines
  }
}
