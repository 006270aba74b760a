import Foundation

/// One accepted connection, served on its own thread: requests are read one after another, each
/// handed to the handler in a task, and answered, until either side closes or the server stops.
///
/// The thread blocks only in `poll`, always watching the server's stop signal, so a stop reaches
/// it wherever it is. While a handler runs, the thread also watches the socket: end of file or a
/// reset there means the client went away, which cancels the handler's task.
final class Connection {
  /// What ended a wait.
  private enum Event: Equatable {
    /// The awaited thing happened (bytes arrived, bytes were sent, the handler returned).
    case progress
    /// The client closed or reset the connection.
    case clientGone
    /// The server is stopping.
    case stopped
  }

  /// Bytes of pipelined requests kept while a handler runs; beyond this the socket is not read.
  private static let maximumBufferedByteCount = ServerContext.maximumHeadByteCount

  private let socket: Socket
  private let number: Int
  private let context: ServerContext
  /// Received bytes not yet consumed by a request.
  private var buffer: [UInt8] = []

  init(socket: Socket, number: Int, context: ServerContext) {
    self.socket = socket
    self.number = number
    self.context = context
  }

  /// Serves requests until the connection ends, then closes the socket.
  func run() {
    defer { socket.close() }
    guard let handlerWake = try? WakePipe.make() else { return }
    defer { handlerWake.close() }
    while serveOneRequest(handlerWake) {}
  }

  /// Reads, handles and answers one request; returns whether the connection stays open.
  private func serveOneRequest(_ handlerWake: WakePipe) -> Bool {
    guard let head = readHead(), let body = readBody(of: head) else { return false }
    let request = HTTPRequest(
      method: head.method, target: head.target, headers: head.headers, body: body)
    let index = context.log.append(request, connection: number)

    let completion = HandlerCompletion(wake: handlerWake)
    defer {
      completion.detach()
      handlerWake.drain()
    }
    let handler = context.handler
    let task = Task.detached { completion.finish(with: await handler(request)) }
    let event = waitForClientOrStop(orHandler: completion, handlerWake)
    guard event == .progress, let response = completion.result else {
      task.cancel()
      context.log.finish(index, with: event == .stopped ? .serverStopped : .clientDisconnected)
      return false
    }

    switch response.delivery {
    case .stall:
      let event = waitForClientOrStop()
      context.log.finish(index, with: event == .stopped ? .serverStopped : .clientDisconnected)
      return false
    case .closeAfterBodyBytes(let count):
      let head = ResponseHead.bytes(for: response, closing: true)
      let event = send(head, response.body.prefix(count))
      guard event == .progress else { return record(event, at: index) }
      context.log.finish(index, with: .closedMidBody(status: response.status))
      closeGracefully()
      return false
    case .complete:
      let closing = !head.wantsKeepAlive || ResponseHead.asksToClose(response)
      let headBytes = ResponseHead.bytes(for: response, closing: closing)
      let hasNoBody = head.method == "HEAD" || response.status == 204 || response.status == 304
      let event = send(headBytes, hasNoBody ? Data() : response.body)
      guard event == .progress else { return record(event, at: index) }
      context.log.finish(index, with: .responded(status: response.status))
      if closing { closeGracefully() }
      return !closing
    }
  }

  /// Records a write that failed because the client left or the server stopped.
  private func record(_ event: Event, at index: Int) -> Bool {
    context.log.finish(index, with: event == .stopped ? .serverStopped : .clientDisconnected)
    return false
  }

  // MARK: Reading

  /// Reads until a request head is complete; answers and returns `nil` if it is invalid.
  private func readHead() -> RequestHead? {
    while true {
      let maximum = ServerContext.maximumHeadByteCount
      switch RequestHead.parse(buffer[...], maximumByteCount: maximum) {
      case .complete(let head, let byteCount):
        buffer.removeFirst(byteCount)
        return head
      case .invalid(let status, let reason):
        reject(status: status, reason: reason)
        return nil
      case .incomplete:
        guard receive() == .progress else { return nil }
      }
    }
  }

  /// Reads the body `head` announces, sending `100 Continue` first if the client waits for it.
  private func readBody(of head: RequestHead) -> Data? {
    let length = head.contentLength
    guard length <= ServerContext.maximumBodyByteCount else {
      reject(status: 413, reason: "request bodies are limited to 16 MiB")
      return nil
    }
    if buffer.count < length && head.expectsContinue {
      guard send(ResponseHead.continueBytes, Data()) == .progress else { return nil }
    }
    while buffer.count < length {
      guard receive() == .progress else { return nil }
    }
    let body = Data(buffer[0..<length])
    buffer.removeFirst(length)
    return body
  }

  /// Waits for bytes from the client and appends them to the buffer.
  private func receive() -> Event {
    while true {
      let ready = Readiness.wait(for: [
        (socket.descriptor, .readable), (context.stopSignal.readEnd, .readable),
      ])
      if ready[1] { return .stopped }
      switch socket.receive(into: &buffer) {
      case .received: return .progress
      case .closed: return .clientGone
      case .wouldBlock: continue
      }
    }
  }

  /// Waits until the handler returns (if one is given), the client leaves, or the server stops.
  ///
  /// Bytes the client sends meanwhile (a pipelined request) are kept for later.
  private func waitForClientOrStop(
    orHandler completion: HandlerCompletion? = nil, _ handlerWake: WakePipe? = nil
  ) -> Event {
    while true {
      let readsClient = buffer.count < Self.maximumBufferedByteCount
      var descriptors: [(descriptor: Int32, interest: Readiness.Interest)] = [
        (socket.descriptor, readsClient ? .readable : .closedOnly),
        (context.stopSignal.readEnd, .readable),
      ]
      if let handlerWake { descriptors.append((handlerWake.readEnd, .readable)) }
      let ready = Readiness.wait(for: descriptors)
      if let handlerWake, ready[2] {
        handlerWake.drain()
        if completion?.result != nil { return .progress }
      }
      if ready[1] { return .stopped }
      if ready[0] {
        guard readsClient else { return .clientGone }
        if socket.receive(into: &buffer) == .closed { return .clientGone }
      }
    }
  }

  // MARK: Writing

  /// Writes `head` then `body`, waiting whenever the socket is full.
  private func send(_ head: [UInt8], _ body: Data) -> Event {
    let event = send(head)
    return event == .progress ? send(body) : event
  }

  private func send(_ bytes: some ContiguousBytes) -> Event {
    bytes.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        switch socket.send(UnsafeRawBufferPointer(rebasing: bytes[offset...])) {
        case .sent(let count):
          offset += count
        case .broken:
          return .clientGone
        case .wouldBlock:
          let ready = Readiness.wait(for: [
            (socket.descriptor, .writable), (context.stopSignal.readEnd, .readable),
          ])
          if ready[1] { return .stopped }
        }
      }
      return .progress
    }
  }

  // MARK: Closing

  /// Answers a request the server refuses on its own, then closes.
  private func reject(status: Int, reason: String) {
    guard send(ResponseHead.errorBytes(status: status, reason: reason)) == .progress else { return }
    closeGracefully()
  }

  /// Sends end of file, then reads and drops what the client still sends until it closes too.
  ///
  /// Closing a socket with unread input makes the system reset the connection, and a reset can
  /// destroy the response before the client reads it; draining first avoids that.
  private func closeGracefully() {
    socket.shutdownSending()
    var discarded = 0
    while discarded < ServerContext.maximumBodyByteCount, receive() == .progress {
      discarded += buffer.count
      buffer.removeAll(keepingCapacity: true)
    }
  }
}
