import Foundation

/// The bytes of a response's status line and header fields, as the server writes them.
enum ResponseHead {
  /// The head of `response`: `Content-Length` is the full body's length (even for a body cut
  /// short on purpose, or not sent for `HEAD`), a stream's length, or absent for an endless one;
  /// `Connection: close` is added when the connection will close. The fields the server sets are
  /// dropped from the handler's, and CR and LF removed, so a handler can't split the head.
  static func bytes(for response: HTTPResponse, closing: Bool) -> Data {
    var text = "HTTP/1.1 \(response.status) \(reasonPhrases[response.status] ?? "")\r\n"
    let ownFields = ["content-length", "transfer-encoding", "connection"]
    for field in response.headers where !ownFields.contains(field.name.lowercased()) {
      text += "\(clean(field.name)): \(clean(field.value))\r\n"
    }
    switch response.delivery {
    case .stream(let byteCount?, _): text += "Content-Length: \(byteCount)\r\n"
    case .stream(nil, _): break
    default: text += "Content-Length: \(response.body.count)\r\n"
    }
    return Data((text + (closing ? "Connection: close\r\n\r\n" : "\r\n")).utf8)
  }

  /// Whether a handler's response asks for the connection to close.
  static func asksToClose(_ response: HTTPResponse) -> Bool {
    response.headers.values(for: "Connection").contains { $0.lowercased().contains("close") }
  }

  private static func clean(_ text: String) -> String {
    text.filter { $0 != "\r" && $0 != "\n" && $0 != "\r\n" }
  }

  /// The standard reason phrases of the statuses the examples use.
  static let reasonPhrases = [
    200: "OK", 201: "Created", 204: "No Content", 206: "Partial Content",
    301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
    307: "Temporary Redirect", 308: "Permanent Redirect", 400: "Bad Request",
    401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
    410: "Gone", 413: "Content Too Large", 422: "Unprocessable Content",
    429: "Too Many Requests", 431: "Request Header Fields Too Large",
    500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway",
    503: "Service Unavailable", 504: "Gateway Timeout", 505: "HTTP Version Not Supported",
  ]
}
