import ExampleCommandLine
import Foundation

/// An HTTP/1.1 server on 127.0.0.1, for offline modes and tests: the real `URLSession` client
/// talks to it over a real socket. One thread serves every connection with `poll(2)`; each
/// request runs the async handler in a task of its own.
///
/// ```swift
/// let server = try LoopbackServer { request in
///   try? await clock.sleep(for: .milliseconds(200))   // simulated latency, on your clock
///   return .json(page(for: request.queryValue(for: "q") ?? ""))
/// }
/// ```
///
/// Connections are kept alive (HTTP/1.0 closes) and pipelined requests answered in order.
/// ``Limits`` bound what a client can cost: an oversized head gets 431, an oversized body 413, a
/// malformed request 400, a chunked body 501; a connection without a complete request within
/// the idle timeout is closed, however slowly it trickles; at the cap, a new connection replaces
/// the longest waiter. The path is the handler's business: no file is ever served.
///
/// When the client leaves while the handler runs (a cancelled `URLSession` task does), or the
/// server stops, the handler's task is cancelled and the request recorded as
/// ``RequestRecord/Outcome/clientDisconnected`` or ``RequestRecord/Outcome/serverStopped``;
/// what the handler returns then is dropped. ``requests`` is the log, and ``waitUntil(_:)``
/// waits for it to reach a condition:
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

  /// Stops the server, once: when it returns, every socket is closed (clients in flight get a
  /// transport error) and running handlers are cancelled.
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
