import Foundation

/// A system call that failed: its name and the `errno` it set.
///
/// ```swift
/// guard tcgetattr(descriptor, &attributes) == 0 else {
///   throw SystemCallError(operation: "tcgetattr", code: errno)
/// }
/// ```
public struct SystemCallError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The system call that failed, such as `tcgetattr`.
  public var operation: String
  /// The `errno` it set (`ENOTTY` when a descriptor is not a terminal).
  public var code: Int32

  /// Makes an error for `operation` failing with `code`.
  public init(operation: String, code: Int32) {
    self.operation = operation
    self.code = code
  }

  /// The system's sentence for ``code``, such as `Permission denied`.
  public var reason: String {
    String(cString: strerror(code))
  }

  /// A one-line description, such as `tcgetattr failed: Inappropriate ioctl for device`.
  public var description: String {
    "\(operation) failed: \(reason) (errno \(code))"
  }
}
