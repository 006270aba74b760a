#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Why a ``LoopbackServer`` could not start: the system call that failed and its `errno`.
public struct LoopbackServerError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The system call that failed, such as `bind`.
  public var operation: String
  /// The `errno` it set, such as `EADDRINUSE`.
  public var code: Int32

  /// Makes an error for `operation` failing with `code`.
  public init(operation: String, code: Int32) {
    self.operation = operation
    self.code = code
  }

  /// A one-line description, such as `bind failed: Address already in use (errno 98)`.
  public var description: String {
    "\(operation) failed: \(String(cString: strerror(code))) (errno \(code))"
  }
}
