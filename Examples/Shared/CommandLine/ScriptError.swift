/// Why a script cannot run: it cannot be read, or one of its lines is not a command. The
/// program prints it and exits with status 2 before running anything. The message never repeats
/// the line's text, which may hold a password.
public struct ScriptError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The line at fault, from 1, or `nil` when the script as a whole is.
  public var line: Int?
  /// What is wrong.
  public var message: String

  /// Makes an error for `line` (or the whole script).
  public init(line: Int?, _ message: String) {
    self.line = line
    self.message = message
  }

  /// `line N: message`, or the message alone.
  public var description: String {
    line.map { "line \($0): \(message)" } ?? message
  }
}
