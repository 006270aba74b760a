/// The request line and header fields of a request, parsed from the bytes received so far.
struct RequestHead: Equatable {
  /// The outcome of looking for a complete head at the start of a buffer.
  enum ParseResult: Equatable {
    /// More bytes are needed.
    case incomplete
    /// A head of `byteCount` bytes (the blank line included) was parsed.
    case complete(RequestHead, byteCount: Int)
    /// The bytes can never form a valid head: answer `status` with `reason`, then close.
    case invalid(status: Int, reason: String)
  }

  var method: String
  var target: String
  /// The minor version of HTTP/1.x.
  var minorVersion: Int
  var headers: HTTPHeaders
  /// The declared body length (0 when there is no `Content-Length`).
  var contentLength: Int

  /// Whether the client expects the connection to stay open after the response.
  var wantsKeepAlive: Bool {
    let tokens = headers.values(for: "Connection").flatMap {
      $0.lowercased().split(separator: ",").map { $0.trimmingASCIISpaces() }
    }
    if tokens.contains("close") { return false }
    return minorVersion >= 1 || tokens.contains("keep-alive")
  }

  /// Whether the client waits for `100 Continue` before sending its body.
  var expectsContinue: Bool {
    headers["Expect"]?.lowercased() == "100-continue"
  }

  /// Parses the head at the start of `bytes`, allowing at most `maximumByteCount` bytes and
  /// `maximumFieldCount` header fields for it.
  ///
  /// Empty lines before the request line are skipped, as RFC 9112 §2.2 allows; a bare `\n` is
  /// accepted as a line end.
  static func parse(
    _ bytes: ArraySlice<UInt8>, maximumByteCount: Int, maximumFieldCount: Int = 100
  ) -> ParseResult {
    var start = bytes.startIndex
    while start < bytes.endIndex, bytes[start] == .carriageReturn || bytes[start] == .lineFeed {
      start += 1
    }
    let lines = HeadLines(bytes[start...])
    guard let requestLine = lines.first else {
      return bytes.count > maximumByteCount
        ? .invalid(status: 431, reason: "request head too large") : .incomplete
    }
    guard let (method, target, minorVersion) = parseRequestLine(requestLine) else {
      return .invalid(status: 400, reason: "malformed request line")
    }
    if minorVersion < 0 {
      return .invalid(status: 505, reason: "only HTTP/1.0 and HTTP/1.1 are supported")
    }
    guard let end = lines.endOfHead else {
      return bytes.count > maximumByteCount
        ? .invalid(status: 431, reason: "request head too large") : .incomplete
    }
    if end - bytes.startIndex > maximumByteCount {
      return .invalid(status: 431, reason: "request head too large")
    }
    if lines.all.count - 1 > maximumFieldCount {
      return .invalid(status: 431, reason: "too many header fields")
    }
    var headers = HTTPHeaders()
    for line in lines.all.dropFirst() {
      guard let field = parseField(line) else {
        return .invalid(status: 400, reason: "malformed header field")
      }
      headers.add(field.name, field.value)
    }
    if headers.contains("Transfer-Encoding") {
      return .invalid(
        status: 501, reason: "Transfer-Encoding is not supported; send Content-Length")
    }
    let lengths = Set(headers.values(for: "Content-Length"))
    var contentLength = 0
    if let length = lengths.first {
      guard lengths.count == 1, !length.isEmpty, length.count <= 18,
        length.utf8.allSatisfy({ $0 >= .zero && $0 <= .nine }), let value = Int(length)
      else { return .invalid(status: 400, reason: "invalid Content-Length") }
      contentLength = value
    }
    let head = RequestHead(
      method: method, target: target, minorVersion: minorVersion, headers: headers,
      contentLength: contentLength)
    return .complete(head, byteCount: end - bytes.startIndex)
  }

  /// Splits `METHOD SP target SP HTTP/1.x`; a minor version of -1 means another major version.
  private static func parseRequestLine(_ line: ArraySlice<UInt8>) -> (String, String, Int)? {
    let parts = line.split(separator: .space, omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(\.isTokenCharacter),
      !parts[1].isEmpty, parts[1].allSatisfy({ $0 > .space && $0 < 0x7F })
    else { return nil }
    let version = Array(parts[2])
    guard version.count == 8, version.starts(with: Array("HTTP/".utf8)), version[6] == .period,
      version[5].isDigit, version[7].isDigit
    else { return nil }
    let minor = version[5] == .one ? Int(version[7] - .zero) : -1
    return (
      String(decoding: parts[0], as: UTF8.self), String(decoding: parts[1], as: UTF8.self), minor
    )
  }

  /// Splits `name: value`, rejecting folded lines, empty or invalid names and control bytes.
  private static func parseField(_ line: ArraySlice<UInt8>) -> HTTPHeaders.Field? {
    guard let colon = line.firstIndex(of: .colon), colon > line.startIndex,
      line[..<colon].allSatisfy(\.isTokenCharacter)
    else { return nil }
    let value = line[(colon + 1)...]
    guard value.allSatisfy({ $0 == .tab || $0 >= .space && $0 != 0x7F }) else { return nil }
    let text = String(decoding: value, as: UTF8.self).trimmingASCIISpaces()
    return HTTPHeaders.Field(name: String(decoding: line[..<colon], as: UTF8.self), value: text)
  }
}

/// The lines of a head, found without copying: line ends are `\r\n` or `\n`.
private struct HeadLines {
  /// Every line before the blank one (or every complete line, if the head is incomplete).
  let all: [ArraySlice<UInt8>]
  /// The index just past the blank line that ends the head, once it has arrived.
  let endOfHead: Int?

  var first: ArraySlice<UInt8>? { all.first }

  init(_ bytes: ArraySlice<UInt8>) {
    var lines: [ArraySlice<UInt8>] = []
    var lineStart = bytes.startIndex
    var end: Int?
    var index = bytes.startIndex
    while index < bytes.endIndex {
      if bytes[index] == .lineFeed {
        var line = bytes[lineStart..<index]
        if line.last == .carriageReturn { line = line.dropLast() }
        if line.isEmpty {
          end = index + 1
          break
        }
        lines.append(line)
        lineStart = index + 1
      }
      index += 1
    }
    all = lines
    endOfHead = end
  }
}

extension UInt8 {
  fileprivate static let tab = UInt8(ascii: "\t")
  fileprivate static let lineFeed = UInt8(ascii: "\n")
  fileprivate static let carriageReturn = UInt8(ascii: "\r")
  fileprivate static let space = UInt8(ascii: " ")
  fileprivate static let colon = UInt8(ascii: ":")
  fileprivate static let period = UInt8(ascii: ".")
  fileprivate static let zero = UInt8(ascii: "0")
  fileprivate static let one = UInt8(ascii: "1")
  fileprivate static let nine = UInt8(ascii: "9")

  fileprivate var isDigit: Bool { self >= .zero && self <= .nine }

  /// Whether the byte may appear in a method or a field name (RFC 9110 `tchar`).
  fileprivate var isTokenCharacter: Bool {
    switch self {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default: Array("!#$%&'*+-.^_`|~".utf8).contains(self)
    }
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces and tabs.
  fileprivate func trimmingASCIISpaces() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[first...last])
  }
}
