import Foundation

/// One accepted connection and where its exchange stands; the ``EventLoop``'s thread owns it.
final class Connection {
  /// Where the exchange stands.
  enum State {
    /// Waiting for a request: its head, then (once `head` is known) its body.
    case reading(head: RequestHead?)
    /// The handler runs.
    case handling(Task<Void, Never>, head: RequestHead)
    /// Writing the output, then going on as `next` says.
    case writing(status: Int, next: Next)
    /// Sending nothing until the client leaves (``HTTPResponse/stall``).
    case stalling
    /// Done sending, dropping what the client still sends until it closes too.
    case draining
  }

  /// What follows a written output.
  enum Next {
    case keepAlive
    case close
    case cutMidBody
    /// More of a ``HTTPResponse/streaming(_:byteCount:every:status:headers:)`` body.
    case stream(chunk: Data, remaining: Int?, interval: Duration?)
  }

  /// The connection's number, from 0 in order of acceptance.
  let number: Int
  let socket: Socket
  var state = State.reading(head: nil)
  /// The log index of the request being answered; `nil` while reading and for refusals.
  var record: Int?
  /// Received bytes not yet used by a request.
  var input: [UInt8] = []
  /// How many bytes of `input` were searched for the end of a head.
  var scannedByteCount = 0
  /// Bytes still to write.
  var output = Data()
  /// When the current phase gives up (`nil`: no limit, while a handler runs or a stream plays).
  var deadline: ContinuousClock.Instant?
  /// When a slow stream sends its next chunk.
  var nextChunkAt: ContinuousClock.Instant?

  init(number: Int, socket: Socket, deadline: ContinuousClock.Instant) {
    self.number = number
    self.socket = socket
    self.deadline = deadline
  }

  /// Whether the connection only waits for a request or its client to go: it may make room.
  var isWaiting: Bool {
    switch state {
    case .reading, .draining: true
    default: false
    }
  }

  /// Whether there are bytes to write.
  var hasOutput: Bool { !output.isEmpty }

  /// Writes as much output as the socket takes; returns `false` when the client is gone.
  func flush() -> Bool {
    while hasOutput {
      guard let sent = output.withUnsafeBytes({ socket.send($0) }) else { return false }
      if sent == 0 { return true }
      output = output.dropFirst(sent)
    }
    return true
  }

  /// The end of a complete head in `input` (leading blank lines dropped first), or `nil`.
  func endOfHead() -> Int? {
    let blank = input.prefix { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }.count
    if blank > 0 {
      input.removeFirst(blank)
      scannedByteCount = 0
    }
    // A head ends with an empty line: "\n\n" or "\n\r\n".
    for index in max(0, scannedByteCount - 2)..<input.count where input[index] == 0x0A {
      if input.dropFirst(index + 1).prefix(1) == [0x0A] { return index + 2 }
      if input.dropFirst(index + 1).prefix(2) == [0x0D, 0x0A] { return index + 3 }
    }
    scannedByteCount = input.count
    return nil
  }
}
