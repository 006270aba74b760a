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
}
