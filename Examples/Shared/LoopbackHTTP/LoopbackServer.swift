import ExampleCommandLine
import Foundation

/// An HTTP/1.1 server on 127.0.0.1, for offline modes and tests, that the real `URLSession`
/// client talks to over a real socket. One thread serves every connection with `poll(2)`; each
/// request runs the async handler in a task of its own.
///
/// ```swift
/// let server = try LoopbackServer { request in .json(page(for: request.queryValue(for: "q"))) }
/// ```
///
/// Connections are kept alive (HTTP/1.0 closes) and pipelined requests answered in order.
/// ``Limits`` bound what a client can cost (400, 413, 431 or 501, then a close; idle and
/// trickling connections time out; at the cap a new connection replaces the longest waiter).
/// When the client leaves or the server stops, the handler's task is cancelled and the request
/// recorded as ``RequestRecord/Outcome/clientDisconnected`` or
/// ``RequestRecord/Outcome/serverStopped``; ``waitUntil(_:)`` waits for such a record.
public final class LoopbackServer: Sendable {
  /// The port the server listens on.
  public let port: UInt16
  /// `http://127.0.0.1:<port>`, with no trailing slash.
  public let baseURL: URL
  /// What the server accepts.
  public let limits: Limits

  private let loop: EventLoop

  /// Starts serving `handler`'s answers on `port` (0: one the system picks).
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

  /// The most recent requests (bodies and credentials left out), with their outcomes.
  public var requests: [RequestRecord] {
    loop.log.snapshot
  }

  /// Suspends until `condition` holds for ``requests`` (checked on every change; keep it quick),
  /// or the calling task is cancelled.
  public func waitUntil(_ condition: @escaping @Sendable ([RequestRecord]) -> Bool) async {
    await loop.log.waitUntil(condition)
  }
}
