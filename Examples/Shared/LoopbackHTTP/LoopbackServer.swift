import ExampleCommandLine
import Foundation

/// An HTTP/1.1 server on 127.0.0.1, for offline modes and tests: the real `URLSession` client
/// talks to it over a real socket.
///
/// It serves from `init` until ``stop()`` or its release: one thread serves every connection
/// with `poll(2)`, and each request runs the async handler in a task of its own.
///
/// ```swift
/// let server = try LoopbackServer { request in
///   try? await clock.sleep(for: .milliseconds(200))   // simulated latency, on your clock
///   return .json(page(for: request.queryValue(for: "q") ?? ""))
/// }
/// let client = GitHubClient(baseURL: server.baseURL)
/// ```
///
/// ## Connections and limits
/// HTTP/1.1 connections are kept alive unless a side asks to close; HTTP/1.0 closes after the
/// response. Pipelined requests are answered in order. ``Limits`` bound what one client can
/// cost: an oversized head gets 431, an oversized body 413, a malformed request 400, a chunked
/// body 501 (each then closes); a connection that sends no complete request within the idle
/// timeout is closed, however slowly it trickles; and at the connection cap a new connection
/// replaces the one that has waited longest for a request, so idle ones never lock new ones out.
/// The server serves no files: the path is the handler's business.
///
/// ## Disconnects and cancellation
/// If the client closes or resets the connection while the handler runs (a cancelled
/// `URLSession` task does), the handler's task is cancelled and the request is recorded as
/// ``RequestRecord/Outcome/clientDisconnected``; ``stop()`` does the same, recording
/// ``RequestRecord/Outcome/serverStopped``. A handler that waits should let cancellation end the
/// wait (`try? await clock.sleep(...)`); what it returns then is dropped.
///
/// ## Observing
/// ``requests`` is the log of the requests read so far, and ``waitUntil(_:)`` suspends until it
/// satisfies a condition:
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

  /// Starts a server on 127.0.0.1 at `port` (0, the default, lets the system pick a free one);
  /// `handler` answers each request in a task of its own, cancelled if the client leaves.
  ///
  /// - Throws: ``ExampleCommandLine/SystemCallError`` when the socket cannot be opened or bound.
  public init(
    port: UInt16 = 0, limits: Limits = Limits(),
    handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse
  ) throws {
    let listener = try Socket.listen(onLoopbackPort: port)
    self.port = listener.localPort
    self.limits = limits
    baseURL = URL(string: "http://127.0.0.1:\(self.port)")!
    do {
      loop = try EventLoop(listener: listener, baseURL: baseURL, limits: limits, handler: handler)
    } catch {
      listener.close()
      throw error
    }
  }

  deinit {
    stop()
  }

  /// Stops the server: once it returns, the listener and every connection are closed (clients
  /// in flight get a transport error) and running handlers are cancelled. Calling it again does
  /// nothing.
  public func stop() {
    loop.stop()
  }

  /// The requests read so far (the most recent ``Limits/logCapacity``, without their bodies and
  /// credentials), in arrival order, with their outcomes.
  public var requests: [RequestRecord] {
    loop.log.snapshot
  }

  /// Suspends until `condition` holds for the request log (checked now and after every change),
  /// or the calling task is cancelled. The condition runs with the log locked: keep it quick.
  public func waitUntil(_ condition: @escaping @Sendable ([RequestRecord]) -> Bool) async {
    await loop.log.waitUntil(condition)
  }
}
