import Foundation

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
  /// The declared body length (0 without `Content-Length`).
  var contentLength: Int

  /// Whether the client expects the connection to stay open after the response.
  var wantsKeepAlive: Bool {
    let tokens = headers.values(for: "Connection").flatMap {
      $0.lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }
    return !tokens.contains("close") && (minorVersion >= 1 || tokens.contains("keep-alive"))
  }

  /// Whether the client waits for `100 Continue` before sending its body.
  var expectsContinue: Bool {
    headers["Expect"]?.lowercased() == "100-continue"
  }

  /// Parses the head at the start of `bytes`, allowing at most `maximumByteCount` bytes and
  /// `maximumFieldCount` header fields. Empty lines before the request line are skipped (RFC 9112
  /// §2.2), a bare `\n` ends a line, and a bad request line is refused before the head ends.
  static func parse(
    _ bytes: ArraySlice<UInt8>, maximumByteCount: Int, maximumFieldCount: Int = 100
  ) -> ParseResult {
    let start = bytes.firstIndex { $0 != .carriageReturn && $0 != .lineFeed } ?? bytes.endIndex
    var lines: [ArraySlice<UInt8>] = []
    var end: Int?
    var lineStart = start
    for index in start..<bytes.endIndex where bytes[index] == .lineFeed {
      let line = bytes[lineStart..<index]
      lineStart = index + 1
      if line.isEmpty || line == [.carriageReturn] {
        end = lineStart
        break
      }
      lines.append(line.last == .carriageReturn ? line.dropLast() : line)
    }
    let tooLarge = ParseResult.invalid(status: 431, reason: "request head too large")
    guard let requestLine = lines.first else {
      return bytes.count > maximumByteCount ? tooLarge : .incomplete
    }
    guard let (method, target, minorVersion) = parseRequestLine(requestLine) else {
      return .invalid(status: 400, reason: "malformed request line")
    }
    if minorVersion < 0 {
      return .invalid(status: 505, reason: "only HTTP/1.0 and HTTP/1.1 are supported")
    }
    guard let end, end - bytes.startIndex <= maximumByteCount else {
      return bytes.count > maximumByteCount ? tooLarge : .incomplete
    }
    if lines.count - 1 > maximumFieldCount {
      return .invalid(status: 431, reason: "too many header fields")
    }
    var headers = HTTPHeaders()
    for line in lines.dropFirst() {
      guard let (name, value) = parseField(line) else {
        return .invalid(status: 400, reason: "malformed header field")
      }
      headers.add(name, value)
    }
    if headers.contains("Transfer-Encoding") {
      return .invalid(
        status: 501, reason: "Transfer-Encoding is not supported; send Content-Length")
    }
    let lengths = Set(headers.values(for: "Content-Length"))
    guard lengths.count <= 1 else { return .invalid(status: 400, reason: "invalid Content-Length") }
    var contentLength = 0
    if let length = lengths.first {
      guard length.count <= 18, length.utf8.allSatisfy(\.isDigit), let value = Int(length) else {
        return .invalid(status: 400, reason: "invalid Content-Length")
      }
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
    guard version.count == 8, version.starts(with: "HTTP/".utf8), version[6] == UInt8(ascii: "."),
      version[5].isDigit, version[7].isDigit
    else { return nil }
    let minor = version[5] == UInt8(ascii: "1") ? Int(version[7] - UInt8(ascii: "0")) : -1
    return (
      String(decoding: parts[0], as: UTF8.self), String(decoding: parts[1], as: UTF8.self), minor
    )
  }

  /// Splits `name: value`, refusing folded lines, empty or invalid names and control bytes.
  private static func parseField(_ line: ArraySlice<UInt8>) -> (String, String)? {
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
      line[..<colon].allSatisfy(\.isTokenCharacter)
    else { return nil }
    let value = line[(colon + 1)...]
    guard value.allSatisfy({ $0 == UInt8(ascii: "\t") || $0 >= .space && $0 != 0x7F }) else {
      return nil
    }
    return (
      String(decoding: line[..<colon], as: UTF8.self),
      String(decoding: value, as: UTF8.self).trimmingCharacters(in: .whitespaces)
    )
  }
}

extension UInt8 {
  fileprivate static let lineFeed = UInt8(ascii: "\n")
  fileprivate static let carriageReturn = UInt8(ascii: "\r")
  fileprivate static let space = UInt8(ascii: " ")

  fileprivate var isDigit: Bool { UInt8(ascii: "0")...UInt8(ascii: "9") ~= self }

  /// Whether the byte may appear in a method or a field name (RFC 9110 `tchar`).
  fileprivate var isTokenCharacter: Bool {
    isDigit || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self | 0x20)
      || "!#$%&'*+-.^_`|~".utf8.contains(self)
  }
}
