import ExampleCommandLine
import Foundation

/// The server's one thread: it accepts connections, reads requests, writes answers and enforces
/// the ``LoopbackServer/Limits``, blocking only in `poll(2)`. Handlers run in tasks of their own
/// and post their answers to a mailbox, waking the thread through a pipe.
final class EventLoop: @unchecked Sendable {
  // Safe: `connections`, `acceptedCount` and `acceptPausedUntil` are only touched on the loop's
  // thread (everything reached from `run()`); `mailbox`, `isStopping` and `isRunning` only with
  // `condition` locked. `LoopbackServerTests` runs both sides under ThreadSanitizer.

  private typealias Answer = (connection: Int, record: Int, response: HTTPResponse)

  let log: RequestLog
  private let baseURL: URL
  private let limits: LoopbackServer.Limits
  private let handler: @Sendable (HTTPRequest) async -> HTTPResponse
  private let listener: Socket
  private let wake: WakePipe

  private let condition = NSCondition()
  private var mailbox: [Answer] = []
  private var isStopping = false
  private var isRunning = true

  private var connections: [Int: Connection] = [:]
  private var acceptedCount = 0
  private var acceptPausedUntil: ContinuousClock.Instant?

  /// Starts serving `listener` on a thread of its own.
  init(
    listener: Socket, baseURL: URL, limits: LoopbackServer.Limits,
    handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse
  ) throws(SystemCallError) {
    wake = try WakePipe()
    self.listener = listener
    self.baseURL = baseURL
    self.limits = limits
    self.handler = handler
    log = RequestLog(capacity: limits.logCapacity)
    let thread = Thread { [self] in run() }
    thread.name = "LoopbackHTTP"
    thread.start()
  }

  /// Stops the loop and waits until its thread has closed every socket; once only.
  func stop() {
    let isFirst = condition.withLock {
      defer { isStopping = true }
      return !isStopping
    }
    guard isFirst else { return }
    wake.signal()
    condition.withLock {
      while isRunning { condition.wait() }
    }
    wake.close()
  }

  /// Hands a handler's answer to the loop (from any thread); dropped once the loop has stopped.
  private func post(_ answer: Answer) {
    condition.withLock {
      guard isRunning else { return }
      mailbox.append(answer)
      wake.signal()
    }
  }

  // MARK: The loop

  private func run() {
    while true {
      let now = ContinuousClock.now
      for connection in Array(connections.values) { fireTimers(of: connection, now: now) }
      let watched = Array(connections.values)
      let listens = isListening(now: now)
      var entries =
        [
          pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0),
          pollfd(fd: listener.descriptor, events: listens ? Int16(POLLIN) : 0, revents: 0),
        ] + watched.map { pollfd(fd: $0.socket.descriptor, events: interest(of: $0), revents: 0) }
      guard poll(&entries, nfds_t(entries.count), timeout(now: now)) > 0 else { continue }
      if entries[0].revents != 0, takeMail() { return shutDown() }
      if listens, entries[1].revents != 0 { acceptConnections() }
      for (connection, entry) in zip(watched, entries.dropFirst(2)) where entry.revents != 0 {
        guard connections[connection.number] === connection else { continue }
        serve(connection, readable: entry.revents & ~Int16(POLLOUT) != 0)
      }
    }
  }

  /// Reads the mailbox and delivers its answers; returns whether the server is stopping.
  private func takeMail() -> Bool {
    wake.drain()
    let (answers, stopping) = condition.withLock {
      defer { mailbox.removeAll() }
      return (mailbox, isStopping)
    }
    if stopping { return true }
    for answer in answers {
      guard let connection = connections[answer.connection], connection.record == answer.record,
        case .handling(_, let head) = connection.state
      else { continue }
      let closing = !head.wantsKeepAlive || ResponseHead.asksToClose(answer.response)
      respond(
        on: connection, with: answer.response, closing: closing, sendsBody: head.method != "HEAD")
    }
    return false
  }

  /// Closes every connection, cancels running handlers and lets ``stop()`` return.
  private func shutDown() {
    for connection in Array(connections.values) { abandon(connection, outcome: .serverStopped) }
    listener.close()
    condition.withLock {
      isRunning = false
      condition.broadcast()
    }
  }

  // MARK: Accepting

  /// Whether to accept: below the cap or with a waiter to replace, and not pausing.
  private func isListening(now: ContinuousClock.Instant) -> Bool {
    if let pause = acceptPausedUntil {
      guard now >= pause else { return false }
      acceptPausedUntil = nil
    }
    return connections.count < limits.maximumConnectionCount
      || connections.values.contains { $0.isWaiting }
  }

  private func acceptConnections() {
    // At the cap, the longest waiter is replaced, one at a time, for a connection that came.
    while connections.count < limits.maximumConnectionCount || closeLongestWaiter() {
      switch listener.accept() {
      case .accepted(let socket):
        connections[acceptedCount] = Connection(
          number: acceptedCount, socket: socket, deadline: .now + limits.idleTimeout)
        acceptedCount += 1
        if connections.count >= limits.maximumConnectionCount { return }
      case .none:
        return
      case .outOfDescriptors:
        // The connection waits in the backlog: pause rather than spin if no descriptor frees up.
        if !closeLongestWaiter() { acceptPausedUntil = .now + .milliseconds(100) }
        return
      }
    }
  }

  /// Closes the connection that has waited longest for a request; `false` if none waits.
  private func closeLongestWaiter() -> Bool {
    let waiting = connections.values.filter(\.isWaiting)
    // The waiting connections' deadlines are their idle timeouts: the earliest waited longest.
    let oldest = waiting.min { ($0.deadline ?? .now) < ($1.deadline ?? .now) }
    guard let oldest else { return false }
    close(oldest)
    return true
  }

  // MARK: Serving

  private func interest(of connection: Connection) -> Int16 {
    let reads =
      switch connection.state {
      case .reading, .draining: true
      // Read on (a pipelined request, or the end of file of a client that left) up to a limit.
      case .handling, .stalling: connection.input.count < limits.maximumHeadByteCount
      case .writing: false
      }
    return Int16((connection.hasOutput ? POLLOUT : 0) | (reads ? POLLIN : 0))
  }

  /// Handles readiness of `connection`.
  private func serve(_ connection: Connection, readable: Bool) {
    if connection.hasOutput {
      guard connection.flush() else { return abandon(connection, outcome: .clientDisconnected) }
      if !connection.hasOutput { finishedWriting(connection) }
    }
    guard readable, connections[connection.number] === connection else { return }
    let isOpen = connection.socket.receive(into: &connection.input)
    switch connection.state {
    case .reading:
      isOpen ? readRequests(on: connection) : close(connection)
    case .draining:
      isOpen ? connection.input.removeAll(keepingCapacity: true) : close(connection)
    case .handling, .stalling, .writing:
      // Only hang-ups and errors wake a writing connection; the next write notices them.
      if !isOpen { abandon(connection, outcome: .clientDisconnected) }
    }
  }

  /// Starts the handler of the next request once it is complete (a pipelined one waits).
  private func readRequests(on connection: Connection) {
    guard case .reading(var head) = connection.state else { return }
    if head == nil {
      let end = connection.endOfHead()
      guard end != nil || connection.input.count > limits.maximumHeadByteCount else { return }
      switch RequestHead.parse(
        connection.input[...], maximumByteCount: limits.maximumHeadByteCount,
        maximumFieldCount: limits.maximumHeaderCount)
      {
      case .incomplete:
        return
      case .invalid(let status, let reason):
        return refuse(connection, status: status, reason: reason)
      case .complete(let parsed, let byteCount):
        connection.input.removeFirst(byteCount)
        connection.scannedByteCount = 0
        guard parsed.contentLength <= limits.maximumBodyByteCount else {
          return refuse(
            connection, status: 413,
            reason: "request bodies are limited to \(limits.maximumBodyByteCount) bytes")
        }
        head = parsed
        connection.state = .reading(head: parsed)
        if parsed.expectsContinue, connection.input.count < parsed.contentLength {
          connection.output = Data("HTTP/1.1 100 Continue\r\n\r\n".utf8)
          guard connection.flush() else { return close(connection) }
        }
      }
    }
    guard let head, connection.input.count >= head.contentLength else { return }
    var request = HTTPRequest(
      method: head.method, target: head.target, headers: head.headers,
      body: Data(connection.input.prefix(head.contentLength)))
    connection.input.removeFirst(head.contentLength)
    request.serverBaseURL = baseURL
    let record = log.append(request, connection: connection.number)
    let (number, handler) = (connection.number, handler)
    let task = Task.detached { [weak self] in
      let response = await handler(request)
      self?.post((number, record, response))
    }
    connection.state = .handling(task, head: head)
    connection.record = record
    connection.deadline = nil
  }

  /// Starts writing an answer: the handler's, or the server's refusal.
  private func respond(
    on connection: Connection, with response: HTTPResponse, closing: Bool, sendsBody: Bool = true
  ) {
    var closing = closing
    let hasBody = sendsBody && response.status != 204 && response.status != 304
    var body = hasBody ? response.body : Data()
    var next = closing ? Connection.Next.close : .keepAlive
    connection.deadline = .now + limits.idleTimeout
    switch response.delivery {
    case .complete:
      break
    case .stall:
      connection.state = .stalling
      connection.deadline = nil
      return
    case .closeAfterBodyBytes(let count):
      (closing, body, next) = (true, response.body.prefix(count), .cutMidBody)
    case .stream(let byteCount, let interval):
      (closing, body) = (true, Data())
      next = .stream(chunk: response.body, remaining: byteCount, interval: interval)
      connection.deadline = nil
    }
    connection.output = ResponseHead.bytes(for: response, closing: closing) + body
    connection.state = .writing(status: response.status, next: next)
    serve(connection, readable: false)
  }

  /// Moves on once the output is written: to a stream's next chunk, the next request, or the end.
  private func finishedWriting(_ connection: Connection) {
    guard case .writing(let status, let next) = connection.state else { return }
    let now = ContinuousClock.now
    if case .stream(let chunk, let remaining, let interval) = next, remaining != 0, !chunk.isEmpty {
      if let interval, connection.nextChunkAt == nil {
        connection.nextChunkAt = now + interval
        return
      }
      connection.nextChunkAt = nil
      var bytes = chunk
      while interval == nil && bytes.count < 64 * 1024 { bytes.append(chunk) }
      if let remaining, bytes.count > remaining { bytes = bytes.prefix(remaining) }
      connection.output = bytes
      let left = remaining.map { $0 - bytes.count }
      connection.state = .writing(
        status: status, next: .stream(chunk: chunk, remaining: left, interval: interval))
      return
    }
    if let record = connection.record {
      let isCut = if case .cutMidBody = next { true } else { false }
      log.finish(record, with: isCut ? .closedMidBody(status: status) : .responded(status: status))
      connection.record = nil
    }
    guard case .keepAlive = next else { return drain(connection) }
    connection.state = .reading(head: nil)
    connection.deadline = now + limits.idleTimeout
    readRequests(on: connection)
  }

  // MARK: Timers

  private func timeout(now: ContinuousClock.Instant) -> Int32 {
    let times = connections.values.flatMap { [$0.deadline, $0.nextChunkAt] } + [acceptPausedUntil]
    guard let next = times.compactMap({ $0 }).min() else { return -1 }
    let (seconds, attoseconds) = (next - now).components
    return Int32(clamping: max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1))
  }

  private func fireTimers(of connection: Connection, now: ContinuousClock.Instant) {
    if let deadline = connection.deadline, now >= deadline {
      return abandon(connection, outcome: .clientDisconnected)
    }
    if let next = connection.nextChunkAt, now >= next, !connection.hasOutput {
      finishedWriting(connection)
      serve(connection, readable: false)
    }
  }

  // MARK: Closing

  /// Answers a request the server refuses on its own, then closes.
  private func refuse(_ connection: Connection, status: Int, reason: String) {
    let text = "\(status) \(ResponseHead.reasonPhrases[status] ?? ""): \(reason)\n"
    respond(on: connection, with: .text(text, status: status), closing: true)
  }

  /// Ends the sending side and reads until the client closes too: closing with unread input
  /// would reset the connection and could destroy the answer.
  private func drain(_ connection: Connection) {
    connection.socket.shutdownSending()
    connection.state = .draining
    connection.deadline = .now + limits.idleTimeout
  }

  /// Cancels the handler, records `outcome` for the request being answered, and closes.
  private func abandon(_ connection: Connection, outcome: RequestRecord.Outcome) {
    if case .handling(let task, _) = connection.state { task.cancel() }
    if let record = connection.record { log.finish(record, with: outcome) }
    close(connection)
  }

  private func close(_ connection: Connection) {
    connection.socket.close()
    connections[connection.number] = nil
  }
}
