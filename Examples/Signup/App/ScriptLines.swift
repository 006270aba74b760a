import Foundation

/// The lines of a script, read as they arrive: from a file, or from stdin on a background thread
/// so that a script piped in slowly (or typed) runs line by line.
enum ScriptLines {
  /// The lines of the file at `path`; throws if it can't be read.
  static func file(atPath path: String) throws -> AsyncStream<String> {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let text = String(decoding: data, as: UTF8.self)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if text.hasSuffix("\n") { lines.removeLast() }
    return AsyncStream { continuation in
      for line in lines { continuation.yield(line) }
      continuation.finish()
    }
  }

  /// The lines of standard input until its end.
  static func standardInput() -> AsyncStream<String> {
    let (lines, continuation) = AsyncStream.makeStream(of: String.self)
    // NB: `readLine` blocks, so it runs on its own thread, never on the cooperative pool.
    Thread.detachNewThread {
      while let line = readLine(strippingNewline: true) {
        continuation.yield(line)
      }
      continuation.finish()
    }
    return lines
  }
}
