import Foundation

extension HTTPResponse {
  /// A response that never comes: the server sends nothing and holds the connection open until
  /// the client goes away (``RequestRecord/Outcome/clientDisconnected``) or the server stops
  /// (``RequestRecord/Outcome/serverStopped``). For timeouts and cancellation.
  public static var stall: HTTPResponse {
    var response = HTTPResponse(status: 0)
    response.delivery = .stall
    return response
  }

  /// This response cut short: the head announces the full `Content-Length`, then the first
  /// `count` body bytes (clamped to the body) are written and the connection is closed. A client
  /// sees a transport error, never a short body it could take for a complete one.
  public func closingConnection(afterBodyBytes count: Int) -> HTTPResponse {
    var response = self
    response.delivery = .closeAfterBodyBytes(max(0, min(count, body.count)))
    return response
  }

  /// A body of `chunk` repeated: `byteCount` bytes in all, announced in `Content-Length`, or
  /// without end when `byteCount` is `nil` (no `Content-Length`). Sent as fast as the client
  /// reads, or one `chunk` every `interval`.
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
