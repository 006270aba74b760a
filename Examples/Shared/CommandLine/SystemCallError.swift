import Foundation

/// A system call that failed: its name and the `errno` it set.
public struct SystemCallError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The system call that failed, such as `bind`.
  public var operation: String
  /// The `errno` it set, such as `EADDRINUSE`.
  public var code: Int32

  /// Makes an error for `operation` failing with `code`.
  public init(operation: String, code: Int32) {
    self.operation = operation
    self.code = code
  }

  /// The system's sentence for ``code``, such as `Permission denied`.
  public var reason: String { String(cString: strerror(code)) }

  /// One line, such as `bind failed: Address already in use (errno 98)`.
  public var description: String { "\(operation) failed: \(reason) (errno \(code))" }
}
