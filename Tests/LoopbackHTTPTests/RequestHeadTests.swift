import ExtremeValues
import Testing

@testable import LoopbackHTTP

@Suite(.timeLimit(.minutes(1))) struct RequestHeadTests {
  private func parse(_ text: String, maximum: Int = 1024) -> RequestHead.ParseResult {
    RequestHead.parse(Array(text.utf8)[...], maximumByteCount: maximum)
  }

  @Test func aCompleteHeadIsParsedWithItsLength() throws {
    let text = "GET /a?b=c HTTP/1.1\r\nHost: x\r\nX-Test:  padded value \r\n\r\nBODY"

    guard case .complete(let head, let byteCount) = parse(text) else {
      Issue.record("expected a complete head, got \(parse(text))")
      return
    }
    #expect(head.method == "GET")
    #expect(head.target == "/a?b=c")
    #expect(head.minorVersion == 1)
    #expect(head.headers["x-test"] == "padded value")
    #expect(byteCount == text.utf8.count - 4)
  }

  @Test func bareLineFeedsAndLeadingBlankLinesAreAccepted() {
    let text = "\r\n\nGET / HTTP/1.0\nA: 1\n\n"
    guard case .complete(let head, let byteCount) = parse(text + "rest") else {
      Issue.record("expected a complete head")
      return
    }
    #expect(head.headers["A"] == "1")
    #expect(head.minorVersion == 0)
    #expect(byteCount == text.utf8.count)
  }

  @Test func aHeadWithoutItsBlankLineIsIncomplete() {
    #expect(parse("GET / HTTP/1.1\r\nHost: x\r\n") == .incomplete)
    #expect(parse("GET / HT") == .incomplete)
    #expect(parse("") == .incomplete)
  }

  @Test(arguments: [
    "GARBAGE\r\n\r\n",
    "GET /\r\n\r\n",
    "GET  / HTTP/1.1\r\n\r\n",
    "GET / HTTP/1.1 extra\r\n\r\n",
    "GET / FTP/1.1\r\n\r\n",
    "G(T / HTTP/1.1\r\n\r\n",
    "GET /a\u{7}b HTTP/1.1\r\n\r\n",
    "GET / HTTP/1.1\r\nNo colon here\r\n\r\n",
    "GET / HTTP/1.1\r\n: empty name\r\n\r\n",
    "GET / HTTP/1.1\r\nBad Name: x\r\n\r\n",
    "GET / HTTP/1.1\r\nA: 1\r\n folded\r\n\r\n",
    "GET / HTTP/1.1\r\nA: bell\u{7}\r\n\r\n",
    "POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n",
    "POST / HTTP/1.1\r\nContent-Length: 1x\r\n\r\n",
    "POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
    "POST / HTTP/1.1\r\nContent-Length: 99999999999999999999\r\n\r\n",
  ])
  func malformedHeadsAreBadRequests(text: String) {
    guard case .invalid(400, _) = parse(text) else {
      Issue.record("expected 400 for \(text.debugDescription), got \(parse(text))")
      return
    }
  }

  @Test func aBadRequestLineIsRejectedBeforeTheHeadEnds() {
    guard case .invalid(400, _) = parse("NOT HTTP AT ALL\r\nstill sending") else {
      Issue.record("expected an early 400")
      return
    }
  }

  @Test func anotherMajorVersionIsNotSupported() {
    guard case .invalid(505, _) = parse("GET / HTTP/2.0\r\n\r\n") else {
      Issue.record("expected 505")
      return
    }
  }

  @Test func chunkedBodiesAreNotImplemented() {
    guard case .invalid(501, _) = parse("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n")
    else {
      Issue.record("expected 501")
      return
    }
  }

  @Test func aHeadOverTheLimitIsTooLarge() {
    let long = "GET / HTTP/1.1\r\nA: " + String(repeating: "x", count: 200)
    guard case .invalid(431, _) = parse(long, maximum: 100) else {
      Issue.record("expected 431 for an unfinished head")
      return
    }
    guard case .invalid(431, _) = parse(long + "\r\n\r\n", maximum: 100) else {
      Issue.record("expected 431 for a finished head")
      return
    }
    guard case .invalid(431, _) = parse(String(repeating: "x", count: 200), maximum: 100) else {
      Issue.record("expected 431 for an endless request line")
      return
    }
  }

  @Test func identicalRepeatedContentLengthsAreAccepted() {
    let text = "POST / HTTP/1.1\r\nContent-Length: 3\r\ncontent-length: 3\r\n\r\n"
    guard case .complete(let head, _) = parse(text) else {
      Issue.record("expected a complete head")
      return
    }
    #expect(head.contentLength == 3)
  }

  @Test func keepAliveFollowsTheVersionAndTheConnectionField() throws {
    func keepsAlive(_ text: String) -> Bool? {
      guard case .complete(let head, _) = parse(text) else { return nil }
      return head.wantsKeepAlive
    }

    #expect(keepsAlive("GET / HTTP/1.1\r\n\r\n") == true)
    #expect(keepsAlive("GET / HTTP/1.1\r\nConnection: Close\r\n\r\n") == false)
    #expect(keepsAlive("GET / HTTP/1.1\r\nConnection: te, close\r\n\r\n") == false)
    #expect(keepsAlive("GET / HTTP/1.0\r\n\r\n") == false)
    #expect(keepsAlive("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n") == true)
  }

  @Test func tooManyFieldsAreRefusedWith431() {
    let head = "GET / HTTP/1.1\r\n" + String(repeating: "A: b\r\n", count: 5) + "\r\n"
    let bytes = Array(head.utf8)[...]
    guard
      case .invalid(431, _) = RequestHead.parse(bytes, maximumByteCount: 1024, maximumFieldCount: 4)
    else {
      Issue.record("expected 431")
      return
    }
    guard case .complete = RequestHead.parse(bytes, maximumByteCount: 1024, maximumFieldCount: 5)
    else {
      Issue.record("expected a complete head")
      return
    }
  }

  /// Property: a head with any `Content-Length` or any bytes is incomplete, complete with a
  /// length in range, or refused with a 4xx or 5xx status.
  @Test func anyExtremeHeadParsesInRangeOrIsRefused() {
    var values = ExtremeValues()
    for _ in 0..<2000 {
      var bytes = Array("POST /a HTTP/1.1\r\nContent-Length: \(values.number())\r\n".utf8)
      bytes += values.bytes() + (Bool.random(using: &values) ? Array("\r\n\r\n".utf8) : [])
      switch RequestHead.parse(bytes[...], maximumByteCount: 1024) {
      case .incomplete: break
      case .complete(let head, let byteCount):
        #expect(head.contentLength >= 0 && (1...bytes.count).contains(byteCount))
      case .invalid(let status, _): #expect((400...599).contains(status))
      }
    }
  }
}
