#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writes text straight to a file descriptor, unbuffered, so every line is out as soon as it is
/// written, in order, even when the process exits right after.
struct OutputStream: Sendable {
  let fileDescriptor: Int32

  static let standardOutput = OutputStream(fileDescriptor: STDOUT_FILENO)
  static let standardError = OutputStream(fileDescriptor: STDERR_FILENO)

  /// Writes `text` followed by a newline.
  func writeLine(_ text: String) {
    write(text + "\n")
  }

  /// Writes `text` in full, retrying short writes and interruptions.
  func write(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        #if canImport(Darwin)
        let written = Darwin.write(
          fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
        #elseif canImport(Glibc)
        let written = Glibc.write(fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
        #else
        let written = Musl.write(fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
        #endif
        if written < 0 && errno == EINTR { continue }
        if written <= 0 { return }
        offset += written
      }
    }
  }
}
