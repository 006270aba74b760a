import ExampleCommandLine
import Foundation

/// Reads a descriptor on a thread of its own and decodes what arrives into keys, until end of
/// file, a read error, or ``stop()``.
final class InputReader: @unchecked Sendable {
  // Safe: `stopSignal` and `isFinished` are only touched with `lock` held; the decoder and the
  // descriptor are used by the reading thread alone.

  /// How long a lone `ESC` waits for the rest of a sequence before it counts as Escape.
  static let escapeWaitMilliseconds: Int32 = 50

  private let lock = NSLock()
  private var stopSignal: WakePipe?
  private var isFinished = false

  /// Starts reading `descriptor`; `onKeys` and then `onEnd` are called on the reading thread.
  init(
    descriptor: Int32, onKeys: @escaping @Sendable ([Key]) -> Void,
    onEnd: @escaping @Sendable () -> Void
  ) {
    stopSignal = try? WakePipe()
    let stopReadEnd = stopSignal?.readEnd ?? -1
    let thread = Thread { [self] in
      ProcessSignals.unblock(ExitHandlers.acceptedSignals)
      Self.readUntilEnd(descriptor: descriptor, stopReadEnd: stopReadEnd, onKeys: onKeys)
      finish()
      onEnd()
    }
    thread.name = "TerminalUI input"
    thread.start()
  }

  /// Makes the thread return; nothing is delivered afterwards except the end.
  func stop() {
    lock.withLock { stopSignal?.signal() }
  }

  private func finish() {
    lock.withLock {
      stopSignal?.close()
      stopSignal = nil
    }
  }

  private static func readUntilEnd(
    descriptor: Int32, stopReadEnd: Int32, onKeys: @Sendable ([Key]) -> Void
  ) {
    var decoder = KeyDecoder()
    var buffer = [UInt8](repeating: 0, count: 1024)
    var entries = [
      pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: stopReadEnd, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let timeout = decoder.hasPendingBytes ? escapeWaitMilliseconds : -1
      let ready = poll(&entries, nfds_t(entries.count), timeout)
      if ready < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        return
      }
      if ready == 0 {
        let keys = decoder.flush()
        if !keys.isEmpty { onKeys(keys) }
        continue
      }
      if entries[1].revents != 0 { return }
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        let keys = decoder.decode(buffer[0..<count])
        if !keys.isEmpty { onKeys(keys) }
      } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
        let keys = decoder.flush()
        if !keys.isEmpty { onKeys(keys) }
        return
      }
    }
  }
}
