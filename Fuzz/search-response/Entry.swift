// Fuzz target: SearchResponseDecoder, the whole answer to a search (status, headers, body).
//
// Input: a status line (`404`), header lines (`Link: <…>; rel="next"`), a blank line, the body.
// Property: a page with counts in range, or a SearchError whose message never traps.
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

private let url = URL(string: "https://api.github.com/search/repositories?q=swift&per_page=30")!
private let now = Date(timeIntervalSince1970: 1_700_000_000)

/// libFuzzer calls this with each input it tries; it returns 0, or traps on a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: start, count: count))
  let split = bytes.firstRange(of: [0x0A, 0x0A]) ?? bytes.endIndex..<bytes.endIndex
  let head = String(decoding: bytes[..<split.lowerBound], as: UTF8.self)
  let body = Data(bytes[split.upperBound...])
  var lines = head.split(separator: "\n", omittingEmptySubsequences: false)
  let status = lines.isEmpty ? 200 : Int(lines.removeFirst()) ?? 200
  var headers: [String: String] = [:]
  for line in lines {
    guard let colon = line.firstIndex(of: ":") else { continue }
    headers[String(line[..<colon])] = String(line[line.index(after: colon)...])
  }
  // Foundation refuses statuses outside 100...999; the network never delivers one either.
  guard (100...999).contains(status),
    let response = HTTPURLResponse(
      url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
  else { return 0 }
  do {
    let page = try SearchResponseDecoder.page(
      from: body, response: response, url: url, pageSize: 30, now: now)
    precondition(page.totalCount >= 0 && page.skippedItemCount >= 0)
    precondition(page.nextPage.map { ($0.number ?? 1) >= 1 } ?? true)
  } catch {
    if case .rateLimited(let until) = error {
      let wait = until.timeIntervalSince(now)
      precondition(wait >= 0 && wait <= SearchError.longestRateLimit)
    }
    _ = error.message(now: now)
  }
  _ = LinkHeader(headers["Link"] ?? "", relativeTo: url)
  return 0
}
