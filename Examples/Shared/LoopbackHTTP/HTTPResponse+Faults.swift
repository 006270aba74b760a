import Foundation

extension HTTPResponse {
  /// A response that never comes: the server sends nothing and holds the connection open until
  /// the client goes away (recorded as ``RequestRecord/Outcome/clientDisconnected``) or the
  /// server stops (``RequestRecord/Outcome/serverStopped``).
  ///
  /// Use it to test timeouts and cancellation:
  ///
  /// ```swift
  /// let server = try LoopbackServer { _ in .stall }
  /// let task = Task { try await session.data(from: server.baseURL) }
  /// await server.waitUntil { $0.count == 1 }
  /// task.cancel()   // the client throws URLError(.cancelled)
  /// await server.waitUntil { $0.first?.outcome == .clientDisconnected }
  /// ```
  public static var stall: HTTPResponse {
    var response = HTTPResponse(status: 0)
    response.delivery = .stall
    return response
  }

  /// This response cut short: the head announces the full `Content-Length`, then only the first
  /// `count` body bytes are written before the server closes the connection.
  ///
  /// `count` is clamped to `0...body.count`; pass less than `body.count` for a real fault.
  ///
  /// A client sees a transport error (URLSession: `URLError(.networkConnectionLost)` or similar),
  /// never a short body it could mistake for a complete one.
  ///
  /// ```swift
  /// return HTTPResponse.json(page).closingConnection(afterBodyBytes: 10)
  /// ```
  public func closingConnection(afterBodyBytes count: Int) -> HTTPResponse {
    var response = self
    response.delivery = .closeAfterBodyBytes(max(0, min(count, body.count)))
    return response
  }

  /// A body of `chunk` repeated: `byteCount` bytes in all, announced in `Content-Length`, or
  /// without end when `byteCount` is `nil` (no `Content-Length`: the body ends when a side
  /// closes). Sent as fast as the client reads, or one `chunk` every `interval`.
  ///
  /// For a huge body, an endless one, or a server that trickles a byte every few seconds:
  ///
  /// ```swift
  /// HTTPResponse.streaming(Data(" ".utf8), every: .seconds(2))  // a trickle, forever
  /// HTTPResponse.streaming(Data(repeating: 0x20, count: 65536), byteCount: 50_000_000)
  /// ```
  public static func streaming(
    _ chunk: Data, byteCount: Int? = nil, every interval: Duration? = nil, status: Int = 200,
    headers: HTTPHeaders = [:]
  ) -> HTTPResponse {
    var response = HTTPResponse(status: status, headers: headers, body: chunk)
    response.delivery = .stream(byteCount: byteCount.map { max(0, $0) }, interval: interval)
    return response
  }
}
