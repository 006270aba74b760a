/// The bytes of a response's status line and header fields, as the server writes them.
enum ResponseHead {
  /// Serializes the head of `response`.
  ///
  /// `Content-Length` is the full body's length (even when the body is cut short on purpose, or
  /// not sent for `HEAD`), a stream's announced length, or absent for an endless stream;
  /// `Connection: close` is added when the connection will close.
  /// Fields the server sets itself are dropped from the handler's, and CR/LF in names or values
  /// are removed so a handler cannot split the head by accident.
  static func bytes(for response: HTTPResponse, closing: Bool) -> [UInt8] {
    var text = "HTTP/1.1 \(response.status) \(reasonPhrase(for: response.status))\r\n"
    for field in response.headers {
      let name = field.name.lowercased()
      if name == "content-length" || name == "transfer-encoding" || name == "connection" {
        continue
      }
      text += "\(clean(field.name)): \(clean(field.value))\r\n"
    }
    switch response.delivery {
    case .stream(let byteCount?, _): text += "Content-Length: \(byteCount)\r\n"
    case .stream(nil, _): break
    default: text += "Content-Length: \(response.body.count)\r\n"
    }
    if closing { text += "Connection: close\r\n" }
    text += "\r\n"
    return Array(text.utf8)
  }

  /// The head of an error response the server sends on its own, before closing.
  static func errorBytes(status: Int, reason: String) -> [UInt8] {
    let response = HTTPResponse.text(
      "\(status) \(reasonPhrase(for: status)): \(reason)\n", status: status)
    return bytes(for: response, closing: true) + Array(response.body)
  }

  /// The interim response that tells a client to send the body it announced.
  static let continueBytes = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

  /// Whether a handler's response asks for the connection to close.
  static func asksToClose(_ response: HTTPResponse) -> Bool {
    response.headers.values(for: "Connection").contains { $0.lowercased().contains("close") }
  }

  private static func clean(_ text: String) -> String {
    text.filter { $0 != "\r" && $0 != "\n" && $0 != "\r\n" }
  }

  /// The standard reason phrase for `status`, or an empty one for a code not listed.
  static func reasonPhrase(for status: Int) -> String {
    reasonPhrases[status] ?? ""
  }

  private static let reasonPhrases = [
    100: "Continue", 200: "OK", 201: "Created", 204: "No Content", 206: "Partial Content",
    301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
    307: "Temporary Redirect", 308: "Permanent Redirect", 400: "Bad Request",
    401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
    410: "Gone", 413: "Content Too Large", 422: "Unprocessable Content",
    429: "Too Many Requests", 431: "Request Header Fields Too Large",
    500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway",
    503: "Service Unavailable", 504: "Gateway Timeout", 505: "HTTP Version Not Supported",
  ]
}
