import Foundation

/// What a ``LoopbackServer`` handler answers: a status, header fields and a body, sent byte for
/// byte; the server sets `Content-Length` and `Connection`. For faults, see ``stall``,
/// ``closingConnection(afterBodyBytes:)`` and ``streaming(_:byteCount:every:status:headers:)``.
public struct HTTPResponse: Sendable {
  /// How the server delivers a response; anything but `complete` is an injected fault.
  enum Delivery: Sendable, Equatable {
    case complete
    case stall
    case closeAfterBodyBytes(Int)
    case stream(byteCount: Int?, interval: Duration?)
  }

  /// The status code, such as 200 or 404.
  public var status: Int
  /// The header fields to send.
  public var headers: HTTPHeaders
  /// The body bytes.
  public var body: Data
  var delivery = Delivery.complete

  /// Makes a response.
  public init(status: Int = 200, headers: HTTPHeaders = [:], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// A response with a JSON body, typed `application/json; charset=utf-8` unless `headers` say.
  public static func json(_ body: Data, status: Int = 200, headers: HTTPHeaders = [:]) -> Self {
    Self(status: status, headers: headers, body: body).typed("application/json; charset=utf-8")
  }

  /// A response with a UTF-8 text body, typed `text/plain; charset=utf-8` unless `headers` say.
  public static func text(_ text: String, status: Int = 200, headers: HTTPHeaders = [:]) -> Self {
    Self(status: status, headers: headers, body: Data(text.utf8)).typed("text/plain; charset=utf-8")
  }

  private func typed(_ contentType: String) -> Self {
    var response = self
    if !headers.contains("Content-Type") { response.headers["Content-Type"] = contentType }
    return response
  }
}
