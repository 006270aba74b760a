import Foundation

/// What a ``LoopbackServer`` handler answers: a status, header fields and a body.
///
/// The server adds `Content-Length` (always the full body's length) and, when it is about to
/// close the connection, `Connection: close`. The body is sent as given, byte for byte, so it can
/// be any size and need not be UTF-8.
///
/// ```swift
/// let server = try LoopbackServer { request in
///   switch request.path {
///   case "/users/octocat": .json(Data(#"{"login":"octocat"}"#.utf8))
///   case "/slow": .stall
///   default: .text("Not Found", status: 404)
///   }
/// }
/// ```
///
/// For faults, see ``stall``, ``closingConnection(afterBodyBytes:)`` and
/// ``streaming(_:byteCount:every:status:headers:)``.
public struct HTTPResponse: Sendable {
  /// How the server delivers a response; anything but `complete` is an injected fault.
  enum Delivery: Sendable, Equatable {
    /// Head and body, then keep the connection open if the request allows it.
    case complete
    /// Nothing at all, until the client goes away or the server stops.
    case stall
    /// The head with the full `Content-Length`, the first `count` body bytes, then a close.
    case closeAfterBodyBytes(Int)
    /// The body repeated up to `byteCount` bytes (without end when `nil`), one body per
    /// `interval` or as fast as the client reads.
    case stream(byteCount: Int?, interval: Duration?)
  }

  /// The status code, such as 200 or 404.
  public var status: Int
  /// The header fields to send (the server adds `Content-Length` and `Connection` itself).
  public var headers: HTTPHeaders
  /// The body bytes.
  public var body: Data
  var delivery: Delivery = .complete

  /// Makes a response.
  ///
  /// - Parameters:
  ///   - status: The status code.
  ///   - headers: The header fields; `Content-Length` and `Connection` are set by the server.
  ///   - body: The body bytes, any size, any encoding.
  public init(status: Int = 200, headers: HTTPHeaders = [:], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// A response with a JSON body given as bytes, typed `application/json; charset=utf-8`.
  public static func json(
    _ body: Data, status: Int = 200, headers: HTTPHeaders = [:]
  )
    -> HTTPResponse
  {
    var headers = headers
    if headers["Content-Type"] == nil {
      headers["Content-Type"] = "application/json; charset=utf-8"
    }
    return HTTPResponse(status: status, headers: headers, body: body)
  }

  /// A response with a UTF-8 text body, typed `text/plain; charset=utf-8`.
  public static func text(
    _ text: String, status: Int = 200, headers: HTTPHeaders = [:]
  )
    -> HTTPResponse
  {
    var headers = headers
    if headers["Content-Type"] == nil {
      headers["Content-Type"] = "text/plain; charset=utf-8"
    }
    return HTTPResponse(status: status, headers: headers, body: Data(text.utf8))
  }
}
