import Foundation

/// One accepted connection: the bytes read and not yet used, the bytes still to write, and where
/// the exchange stands. Owned and driven by the ``EventLoop``'s thread only.
final class Connection {
  /// Where the exchange stands.
  enum State {
    /// Waiting for a request: its head, then (once `head` is known) its body.
    case reading(head: RequestHead?)
    /// The handler runs; `record` is the request's index in the log.
    case handling(Task<Void, Never>, record: Int, head: RequestHead)
    /// Writing `output`, then doing `next`; `record` is `nil` for the server's own refusals.
    case writing(record: Int?, status: Int, next: AfterWrite)
    /// Writing a ``HTTPResponse/streaming(_:byteCount:every:status:headers:)`` body.
    case streaming(record: Int, status: Int, chunk: Data, remaining: Int?, interval: Duration?)
    /// Sending nothing until the client leaves (``HTTPResponse/stall``).
    case stalling(record: Int)
    /// Sending done: reading and dropping what the client still sends until it closes too, so
    /// that closing never resets the connection under the client's unread answer.
    case draining
  }

  /// What follows a written answer.
  enum AfterWrite {
    case keepAlive
    case close
    case cutMidBody
  }

  /// The connection's number, from 0 in order of acceptance.
  let number: Int
  let socket: Socket
  var state: State = .reading(head: nil)
  /// Received bytes not yet used by a request.
  var input: [UInt8] = []
  /// How many bytes of `input` were searched for the end of a head.
  var scannedByteCount = 0
  /// Bytes to write, from `outputOffset` on.
  var output = Data()
  var outputOffset = 0
  /// When the current phase gives up (`nil`: no limit, while a handler runs or a stream plays).
  var deadline: ContinuousClock.Instant?
  /// When the connection began waiting for its current request, to replace the longest waiter.
  var waitingSince: ContinuousClock.Instant
  /// When a slow stream sends its next chunk.
  var nextChunkAt: ContinuousClock.Instant?

  init(number: Int, socket: Socket, now: ContinuousClock.Instant, idleTimeout: Duration) {
    self.number = number
    self.socket = socket
    waitingSince = now
    deadline = now + idleTimeout
  }

  /// Whether the connection only waits for a request (or for its client to go), and so may be
  /// closed to make room.
  var isWaiting: Bool {
    switch state {
    case .reading, .draining: true
    default: false
    }
  }

  /// Whether there are bytes to write.
  var hasOutput: Bool { outputOffset < output.count }

  /// The log index of the request being answered, if any.
  var record: Int? {
    switch state {
    case .handling(_, let record, _), .streaming(let record, _, _, _, _), .stalling(let record):
      record
    case .writing(let record, _, _): record
    case .reading, .draining: nil
    }
  }

  /// Replaces the output with `bytes`.
  func write(_ bytes: Data) {
    output = bytes
    outputOffset = 0
  }

  /// Reads what is available into `input`; returns `false` when the client closed or reset.
  func receive() -> Bool {
    socket.receive(into: &input) != .closed
  }

  /// Writes as much output as the socket takes; returns `false` when the client is gone.
  func flush() -> Bool {
    while hasOutput {
      let result = output.withUnsafeBytes {
        socket.send(UnsafeRawBufferPointer(rebasing: $0[outputOffset...]))
      }
      switch result {
      case .sent(let count): outputOffset += count
      case .wouldBlock: return true
      case .broken: return false
      }
    }
    output = Data()
    outputOffset = 0
    return true
  }

  /// The end of a complete head in `input` (leading blank lines dropped first), or `nil`.
  func endOfHead() -> Int? {
    let blank = input.prefix { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }.count
    if blank > 0 {
      input.removeFirst(blank)
      scannedByteCount = 0
    }
    var index = max(0, scannedByteCount - 3)
    while index < input.count {
      if input[index] == UInt8(ascii: "\n") {
        if index + 1 < input.count, input[index + 1] == UInt8(ascii: "\n") { return index + 2 }
        if index + 2 < input.count, input[index + 1] == UInt8(ascii: "\r"),
          input[index + 2] == UInt8(ascii: "\n")
        {
          return index + 3
        }
      }
      index += 1
    }
    scannedByteCount = input.count
    return nil
  }
}
