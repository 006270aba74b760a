import Foundation

extension HTTPResponse {
  /// A response that never comes: the connection stays open until the client or the server
  /// goes away.
  public static var stall: HTTPResponse {
    var response = HTTPResponse(status: 0)
    response.delivery = .stall
    return response
  }

  /// This response cut short: the head announces the full `Content-Length`, then the first
  /// `count` body bytes are written and the connection is closed.
  public func closingConnection(afterBodyBytes count: Int) -> HTTPResponse {
    var response = self
    response.delivery = .closeAfterBodyBytes(max(0, min(count, body.count)))
    return response
  }

  /// A body of `chunk` repeated, `byteCount` bytes in all or without end (`nil`), as fast as the
  /// client reads or one `chunk` every `interval`.
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
