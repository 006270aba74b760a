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
}
