import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The server's one thread: it accepts connections, reads requests, starts their handlers,
/// writes the answers and enforces the ``LoopbackServer/Limits``, blocking only in `poll(2)`.
///
/// Handlers run in tasks of their own and hand their answers back through a mailbox and a wake
/// pipe. A handler whose client leaves (or whose server stops) is cancelled.
final class EventLoop: @unchecked Sendable {
  // Safe: `connections`, `acceptedCount` and `acceptPausedUntil` are only touched on the loop's
  // thread (everything reached from `run()`); `mailbox`, `stopRequested` and `isRunning` only
  // with `condition` locked. `LoopbackServerTests` runs both sides under ThreadSanitizer.

  private typealias Answer = (connection: Int, record: Int, response: HTTPResponse)

  let log: RequestLog
  private let baseURL: URL
  private let limits: LoopbackServer.Limits
  private let handler: @Sendable (HTTPRequest) async -> HTTPResponse
  private let listener: Socket
  private let wake: WakePipe

  private let condition = NSCondition()
  private var mailbox: [Answer] = []
  private var stopRequested = false
  private var isRunning = true

  private var connections: [Int: Connection] = [:]
  private var acceptedCount = 0
  private var acceptPausedUntil: ContinuousClock.Instant?

  init(
    listener: Socket, wake: WakePipe, baseURL: URL, limits: LoopbackServer.Limits,
    handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse
  ) {
    self.listener = listener
    self.wake = wake
    self.baseURL = baseURL
    self.limits = limits
    self.handler = handler
    log = RequestLog(capacity: limits.logCapacity)
  }

  /// Starts the loop's thread.
  func start() {
    let thread = Thread { [self] in run() }
    thread.name = "LoopbackHTTP"
    thread.start()
  }

  /// Stops the loop and waits until its thread has closed every socket and returned.
  func stop() {
    condition.withLock { stopRequested = true }
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
      var entries = [pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)]
      entries.append(
        pollfd(fd: listener.descriptor, events: Int16(listens ? POLLIN : 0), revents: 0))
      entries += watched.map {
        pollfd(fd: $0.socket.descriptor, events: interest(of: $0), revents: 0)
      }
      let result = poll(&entries, nfds_t(entries.count), timeout(now: now))
      guard result > 0 else { continue }
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
      return (mailbox, stopRequested)
    }
    if stopping { return true }
    for answer in answers {
      guard let connection = connections[answer.connection], connection.record == answer.record,
        case .handling(_, _, let head) = connection.state
      else { continue }
      respond(on: connection, head: head, record: answer.record, with: answer.response)
    }
    return false
  }

  /// Closes every connection, cancels running handlers and lets ``stop()`` return.
  private func shutDown() {
    for connection in connections.values {
      if case .handling(let task, _, _) = connection.state { task.cancel() }
      if let record = connection.record { log.finish(record, with: .serverStopped) }
      connection.socket.close()
    }
    connections.removeAll()
    listener.close()
    condition.withLock {
      isRunning = false
      condition.broadcast()
    }
  }

  // MARK: Accepting

  /// Whether to watch the listener: below the cap or with a waiting connection to replace, and
  /// not pausing after running out of descriptors.
  private func isListening(now: ContinuousClock.Instant) -> Bool {
    if let pause = acceptPausedUntil {
      guard now >= pause else { return false }
      acceptPausedUntil = nil
    }
    return connections.count < limits.maximumConnectionCount
      || connections.values.contains { $0.isWaiting }
  }

  private func acceptConnections() {
    while true {
      if connections.count >= limits.maximumConnectionCount {
        // One at a time at the cap: replace the longest waiter only for a connection that came.
        guard closeLongestWaiter() else { return }
      }
      switch listener.accept() {
      case .accepted(let socket):
        let now = ContinuousClock.now
        let connection = Connection(
          number: acceptedCount, socket: socket, now: now, idleTimeout: limits.idleTimeout)
        acceptedCount += 1
        connections[connection.number] = connection
        if connections.count >= limits.maximumConnectionCount { return }
      case .none:
        return
      case .outOfDescriptors:
        // The connection stays in the backlog; without a descriptor to free, wait a moment
        // rather than spin on a listener that stays readable.
        if !closeLongestWaiter() { acceptPausedUntil = .now + .milliseconds(100) }
        return
      }
    }
  }

  /// Closes the connection that has waited longest for a request; `false` if none waits.
  private func closeLongestWaiter() -> Bool {
    let waiting = connections.values.filter(\.isWaiting)
    guard let oldest = waiting.min(by: { $0.waitingSince < $1.waitingSince }) else { return false }
    close(oldest)
    return true
  }

  // MARK: Serving

  private func interest(of connection: Connection) -> Int16 {
    var events: Int32 = connection.hasOutput ? Int32(POLLOUT) : 0
    switch connection.state {
    case .reading, .draining:
      events |= Int32(POLLIN)
    case .handling, .stalling:
      // Read on (a pipelined request, or the end of file of a client that left) up to a limit.
      if connection.input.count < limits.maximumHeadByteCount { events |= Int32(POLLIN) }
    case .writing, .streaming:
      break
    }
    return Int16(events)
  }

  /// Handles readiness of `connection`.
  private func serve(_ connection: Connection, readable: Bool) {
    if connection.hasOutput {
      guard connection.flush() else { return clientLeft(connection) }
      if !connection.hasOutput { finishedWriting(connection) }
    }
    guard readable, connections[connection.number] === connection else { return }
    switch connection.state {
    case .reading:
      guard connection.receive() else { return close(connection) }
      readRequests(on: connection)
    case .handling, .stalling:
      guard connection.receive() else { return clientLeft(connection) }
    case .draining:
      guard connection.receive() else { return close(connection) }
      connection.input.removeAll(keepingCapacity: true)
    case .writing, .streaming:
      // Only hang-ups and errors wake these; the next write notices them.
      if !connection.hasOutput, !connection.receive() { clientLeft(connection) }
    }
  }

  /// Reads as many complete requests from the input as are there, starting the first one's
  /// handler (a pipelined second one waits for the first answer).
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
          connection.write(Data(ResponseHead.continueBytes))
          guard connection.flush() else { return close(connection) }
        }
      }
    }
    guard let head, connection.input.count >= head.contentLength else { return }
    let body = Data(connection.input.prefix(head.contentLength))
    connection.input.removeFirst(head.contentLength)
    startHandler(for: head, body: body, on: connection)
  }

  private func startHandler(for head: RequestHead, body: Data, on connection: Connection) {
    var request = HTTPRequest(
      method: head.method, target: head.target, headers: head.headers, body: body)
    request.serverBaseURL = baseURL
    let record = log.append(request, connection: connection.number)
    let number = connection.number
    let handler = handler
    let task = Task.detached { [weak self] in
      let response = await handler(request)
      self?.post((number, record, response))
    }
    connection.state = .handling(task, record: record, head: head)
    connection.deadline = nil
  }

  /// Starts writing the handler's answer.
  private func respond(
    on connection: Connection, head: RequestHead, record: Int, with response: HTTPResponse
  ) {
    let now = ContinuousClock.now
    connection.deadline = now + limits.idleTimeout
    let status = response.status
    switch response.delivery {
    case .complete:
      let closing = !head.wantsKeepAlive || ResponseHead.asksToClose(response)
      var bytes = Data(ResponseHead.bytes(for: response, closing: closing))
      let hasNoBody = head.method == "HEAD" || status == 204 || status == 304
      if !hasNoBody { bytes.append(response.body) }
      connection.write(bytes)
      connection.state = .writing(
        record: record, status: status, next: closing ? .close : .keepAlive)
    case .stall:
      connection.state = .stalling(record: record)
      connection.deadline = nil
      return
    case .closeAfterBodyBytes(let count):
      var bytes = Data(ResponseHead.bytes(for: response, closing: true))
      bytes.append(response.body.prefix(count))
      connection.write(bytes)
      connection.state = .writing(record: record, status: status, next: .cutMidBody)
    case .stream(let byteCount, let interval):
      connection.write(Data(ResponseHead.bytes(for: response, closing: true)))
      connection.state = .streaming(
        record: record, status: status, chunk: response.body, remaining: byteCount,
        interval: interval)
      connection.deadline = nil
    }
    serve(connection, readable: false)
  }

  /// Moves on once the output is written.
  private func finishedWriting(_ connection: Connection) {
    let now = ContinuousClock.now
    switch connection.state {
    case .writing(let record, let status, .keepAlive):
      if let record { log.finish(record, with: .responded(status: status)) }
      connection.state = .reading(head: nil)
      connection.deadline = now + limits.idleTimeout
      connection.waitingSince = now
      readRequests(on: connection)
    case .writing(let record, let status, let next):
      if let record {
        let outcome: RequestRecord.Outcome =
          next == .cutMidBody ? .closedMidBody(status: status) : .responded(status: status)
        log.finish(record, with: outcome)
      }
      drain(connection)
    case .streaming(let record, let status, let chunk, let remaining, let interval):
      guard remaining != 0, !chunk.isEmpty else {
        log.finish(record, with: .responded(status: status))
        return drain(connection)
      }
      if let interval, connection.nextChunkAt == nil {
        connection.nextChunkAt = now + interval
        return
      }
      connection.nextChunkAt = nil
      var bytes = Data()
      while bytes.count < 64 * 1024 {
        bytes.append(chunk)
        if interval != nil { break }
      }
      if let remaining, bytes.count > remaining { bytes = bytes.prefix(remaining) }
      connection.write(bytes)
      connection.state = .streaming(
        record: record, status: status, chunk: chunk, remaining: remaining.map { $0 - bytes.count },
        interval: interval)
    case .reading, .handling, .stalling, .draining:
      break
    }
  }

  // MARK: Timers

  private func timeout(now: ContinuousClock.Instant) -> Int32 {
    let times = connections.values.flatMap { [$0.deadline, $0.nextChunkAt].compactMap { $0 } }
    guard let next = (times + [acceptPausedUntil].compactMap { $0 }).min() else { return -1 }
    let (seconds, attoseconds) = (next - now).components
    let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1
    return Int32(clamping: max(0, milliseconds))
  }

  private func fireTimers(of connection: Connection, now: ContinuousClock.Instant) {
    if let deadline = connection.deadline, now >= deadline {
      return connection.record == nil ? close(connection) : clientLeft(connection)
    }
    if let next = connection.nextChunkAt, now >= next, !connection.hasOutput {
      finishedWriting(connection)
      serve(connection, readable: false)
    }
  }

  // MARK: Closing

  /// Answers a request the server refuses on its own, then closes.
  private func refuse(_ connection: Connection, status: Int, reason: String) {
    connection.write(Data(ResponseHead.errorBytes(status: status, reason: reason)))
    connection.state = .writing(record: nil, status: status, next: .close)
    connection.deadline = .now + limits.idleTimeout
    serve(connection, readable: false)
  }

  /// Ends the sending side and reads until the client closes too (or the idle timeout), since
  /// closing with unread input would reset the connection and could destroy the answer.
  private func drain(_ connection: Connection) {
    connection.socket.shutdownSending()
    connection.state = .draining
    connection.deadline = .now + limits.idleTimeout
    connection.waitingSince = .now
  }

  /// Records that the client left mid-exchange, cancels the handler, and closes.
  private func clientLeft(_ connection: Connection) {
    if case .handling(let task, _, _) = connection.state { task.cancel() }
    if let record = connection.record { log.finish(record, with: .clientDisconnected) }
    close(connection)
  }

  private func close(_ connection: Connection) {
    connection.socket.close()
    connections[connection.number] = nil
  }
}
