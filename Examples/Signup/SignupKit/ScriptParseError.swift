/// Why a line of a `signup` script could not be parsed; the runner prefixes `line N: `.
public struct ScriptParseError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, without the line's text (it may hold a password).
  public var description: String

  /// Makes an error with a message.
  public init(_ description: String) {
    self.description = description
  }
}
