#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Why a ``Terminal`` could not enter interactive mode: the call that failed and its `errno`.
public struct TerminalError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The system call that failed, such as `tcgetattr`.
  public var operation: String
  /// The `errno` it set (`ENOTTY` when the descriptor is not a terminal).
  public var code: Int32

  /// Makes an error for `operation` failing with `code`.
  public init(operation: String, code: Int32) {
    self.operation = operation
    self.code = code
  }

  /// A one-line description, such as `tcgetattr failed: Inappropriate ioctl for device`.
  public var description: String {
    "\(operation) failed: \(String(cString: strerror(code))) (errno \(code))"
  }
}
