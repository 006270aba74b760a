import Foundation

/// An HTTP/1.1 server on 127.0.0.1, for offline modes and tests: the real `URLSession` client
/// talks to it over a real socket.
///
/// The server starts in `init` and serves until ``stop()`` or until it is released. One thread
/// serves every connection with `poll(2)`; each request runs the async handler in its own task.
///
/// ```swift
/// let server = try LoopbackServer { request in
///   guard request.path == "/search/repositories" else { return .text("Not Found", status: 404) }
///   try? await clock.sleep(for: .milliseconds(200))   // simulated latency, on your clock
///   return .json(page(for: request.queryValue(for: "q") ?? ""))
/// }
/// let client = GitHubClient(baseURL: server.baseURL)
/// ```
///
/// ## Connections and limits
/// Keep-alive is the default for HTTP/1.1 (URLSession reuses connections); HTTP/1.0, or
/// `Connection: close` from the client or in the handler's response, closes after the response.
/// Pipelined requests are answered in order. What one client can cost is bounded by ``Limits``:
/// a request head over 64 KiB or with over 100 fields gets 431, a body over 1 MiB gets 413, a
/// malformed request 400, a chunked body 501 (each closes the connection); a connection that
/// sends no complete request within the idle timeout (30 s) is closed, however slowly it
/// trickles; at most 64 connections are open, and past that a new one replaces the one that has
/// waited longest for a request, so idle connections never lock new ones out. Answers go out
/// without Nagle's delay. The server only listens on 127.0.0.1 and serves no files: the path is
/// the handler's business.
///
/// ## Disconnects and cancellation
/// While the handler runs, the server watches the socket. If the client closes or resets the
/// connection (a cancelled `URLSession` task does), the handler's task is **cancelled** and the
/// request is recorded as ``RequestRecord/Outcome/clientDisconnected``. A handler that waits (on a
/// clock, a continuation) should let cancellation end the wait: `try? await clock.sleep(...)`
/// returns early, and whatever it returns then is dropped. ``stop()`` cancels running handlers
/// the same way, recording ``RequestRecord/Outcome/serverStopped``.
///
/// ## Observing
/// ``requests`` is the log of the requests read so far (the last 1000, without their bodies)
/// with their ``RequestRecord/Outcome``, and ``waitUntil(_:)`` suspends until the log satisfies a
/// condition:
///
/// ```swift
/// task.cancel()
/// await server.waitUntil { $0.first?.outcome == .clientDisconnected }
/// ```
public final class LoopbackServer: Sendable {
  /// The port the server listens on (the ephemeral one the system chose, for port 0).
  public let port: UInt16
  /// `http://127.0.0.1:<port>`, with no trailing slash.
  public let baseURL: URL
  /// What the server accepts.
  public let limits: Limits

  private let loop: EventLoop
  private let stopOnce = StopOnce()

  /// Starts a server on 127.0.0.1.
  ///
  /// - Parameters:
  ///   - port: The port to listen on; 0 (the default) lets the system pick a free one.
  ///   - limits: What the server accepts.
  ///   - handler: Answers each request; it runs in its own task, cancelled if the client leaves.
  /// - Throws: ``LoopbackServerError`` when the socket cannot be opened or bound.
  public init(
    port: UInt16 = 0, limits: Limits = Limits(),
    handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse
  ) throws {
    let listener = try Socket.listen(onLoopbackPort: port)
    let wake: WakePipe
    do {
      wake = try WakePipe.make()
    } catch {
      listener.close()
      throw error
    }
    self.port = listener.localPort
    self.limits = limits
    baseURL = URL(string: "http://127.0.0.1:\(listener.localPort)")!
    loop = EventLoop(
      listener: listener, wake: wake, baseURL: baseURL, limits: limits, handler: handler)
    loop.start()
  }

  deinit {
    stop()
  }

  /// Stops the server: closes the listener and every connection, and cancels running handlers.
  ///
  /// When it returns, every socket of the server is closed, so clients with requests in flight
  /// get a transport error and new connections are refused. Calling it again does nothing.
  public func stop() {
    guard stopOnce.claim() else { return }
    loop.stop()
  }

  /// The requests read so far (the most recent ``Limits/logCapacity``, bodies left out), in
  /// arrival order, with their outcomes.
  public var requests: [RequestRecord] {
    loop.log.snapshot
  }

  /// Suspends until `condition` holds for the request log (checked now and after every change).
  ///
  /// The condition runs while the log is locked: keep it a quick test of its argument, and do
  /// not call back into the server from it. The wait also ends if the calling task is cancelled.
  ///
  /// ```swift
  /// await server.waitUntil { records in records.contains { $0.outcome == .responded(status: 404) } }
  /// ```
  public func waitUntil(_ condition: @escaping @Sendable ([RequestRecord]) -> Bool) async {
    await loop.log.waitUntil(condition)
  }
}

/// A flag that lets exactly one caller through.
private final class StopOnce: @unchecked Sendable {
  // Safe: `claimed` is only touched with `lock` held.
  private let lock = NSLock()
  private var claimed = false

  /// Returns `true` the first time only.
  func claim() -> Bool {
    lock.withLock {
      defer { claimed = true }
      return !claimed
    }
  }
}
