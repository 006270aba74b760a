import ExampleCommandLine
import Foundation

/// Reads a terminal on a thread of its own, decoding keys and noticing ``RedrawRequests``, until
/// end of file, a read error, or ``stop()``.
final class InputReader: @unchecked Sendable {
  // Safe: `stopSignal` is only touched with `lock` held; the decoder lives on the reading thread.

  /// How long a lone `ESC` waits for the rest of a sequence before it counts as Escape.
  static let escapeWaitMilliseconds: Int32 = 50

  private let lock = NSLock()
  private var stopSignal: WakePipe?

  /// Starts reading `descriptor`; the callbacks run on the reading thread, `onEnd` last.
  init(
    descriptor: Int32, onKey: @escaping @Sendable (Key) -> Void,
    onRedraw: @escaping @Sendable () -> Void, onEnd: @escaping @Sendable () -> Void
  ) {
    stopSignal = try? WakePipe()
    let watched = [descriptor, stopSignal?.readEnd ?? -1, RedrawRequests.pipe?.readEnd ?? -1]
    let thread = Thread { [self] in
      ProcessSignals.unblock(ExitHandlers.acceptedSignals)
      Self.read(watched, onKey: onKey, onRedraw: onRedraw)
      lock.withLock {
        stopSignal?.close()
        stopSignal = nil
      }
      onEnd()
    }
    thread.name = "TerminalUI input"
    thread.start()
  }

  /// Makes the thread return; nothing is delivered afterwards except the end.
  func stop() {
    lock.withLock { stopSignal?.signal() }
  }

  /// Polls the input, the stop pipe and the redraw pipe (a -1 is ignored) until the input ends
  /// or a stop comes.
  private static func read(
    _ watched: [Int32], onKey: (Key) -> Void, onRedraw: () -> Void
  ) {
    var decoder = KeyDecoder()
    var buffer = [UInt8](repeating: 0, count: 1024)
    var entries = watched.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    while true {
      let timeout = decoder.hasPendingBytes ? escapeWaitMilliseconds : -1
      let ready = poll(&entries, nfds_t(entries.count), timeout)
      if ready < 0 && (errno == EINTR || errno == EAGAIN) { continue }
      guard ready >= 0, entries[1].revents == 0 else { return }
      if ready == 0 { decoder.flush().forEach(onKey) }
      if entries[2].revents != 0 {
        RedrawRequests.pipe?.drain()
        onRedraw()
      }
      guard entries[0].revents != 0 else { continue }
      let count = buffer.withUnsafeMutableBytes {
        Foundation.read(watched[0], $0.baseAddress, $0.count)
      }
      if count > 0 {
        decoder.decode(buffer[..<count]).forEach(onKey)
      } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
        decoder.flush().forEach(onKey)
        return
      }
    }
  }
}
