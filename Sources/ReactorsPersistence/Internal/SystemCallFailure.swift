import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A system call that failed: which, on what, and the system's reason.
struct SystemCallFailure: Error, Equatable, CustomStringConvertible {
  let call: String
  let path: String
  let code: Int32

  /// The failure of `call` on `path`, with `errno` as it is now unless `code` is given.
  init(_ call: String, _ path: String, code: Int32 = errno) {
    self.call = call
    self.path = path
    self.code = code
  }

  /// `mkdir /home/a/state: Not a directory`.
  var description: String {
    "\(call) \(path): \(String(cString: strerror(code)))"
  }
}
