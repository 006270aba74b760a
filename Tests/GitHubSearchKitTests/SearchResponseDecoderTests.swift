import ExtremeValues
import Foundation
import Testing

@testable import GitHubSearchKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(1))) struct SearchResponseDecoderTests {
  let url = URL(string: "https://api.github.com/search/repositories?q=swift&per_page=30")!

  func page(
    _ body: String, status: Int = 200, link: String? = nil, pageSize: Int = 30
  ) throws(SearchError) -> SearchPage {
    try page(Data(body.utf8), status: status, link: link, pageSize: pageSize)
  }

  func page(
    _ body: Data, status: Int = 200, link: String? = nil, pageSize: Int = 30
  ) throws(SearchError) -> SearchPage {
    let response = HTTPURLResponse(
      url: url, statusCode: status, httpVersion: "HTTP/1.1",
      headerFields: link.map { ["Link": $0] } ?? [:])!
    return try SearchResponseDecoder.page(
      from: body, response: response, url: url, pageSize: pageSize, now: Date())
  }

  static func item(_ id: Int, _ name: String) -> String {
    """
    {"id": \(id), "full_name": "\(name)", "description": "d\(id)", "stargazers_count": \(id),
     "language": "Swift", "html_url": "https://github.com/\(name)",
     "url": "https://api.github.com/repos/\(name)"}
    """
  }

  @Test func decodesItemsTotalsAndTheNextLink() throws {
    let body = """
      {"total_count": 1234, "incomplete_results": true,
       "items": [\(Self.item(1, "a/one")), \(Self.item(2, "b/two"))]}
      """
    let link =
      #"<https://api.github.com/search/repositories?q=swift&per_page=30&page=2>; rel="next""#
    let result = try page(body, link: link)
    #expect(result.repositories.map(\.fullName) == ["a/one", "b/two"])
    #expect(result.totalCount == 1234)
    #expect(result.isIncomplete)
    #expect(result.nextPage?.number == 2)
    #expect(result.skippedItemCount == 0)
  }

  @Test func skipsAMalformedItemAndKeepsTheRest() throws {
    let body = """
      {"total_count": 3, "incomplete_results": false,
       "items": [\(Self.item(1, "a/one")), {"id": "two", "full_name": 2},
                 \(Self.item(3, "c/three")), null, 42]}
      """
    let result = try page(body)
    #expect(result.repositories.map(\.id) == [1, 3])
    #expect(result.skippedItemCount == 3)
  }

  @Test func hasNoNextPageWithoutALinkOrOnAnEmptyPage() throws {
    #expect(try page(#"{"total_count": 0, "items": []}"#).nextPage == nil)
    let link = #"<https://api.github.com/search/repositories?page=2>; rel="next""#
    #expect(try page(#"{"total_count": 40, "items": []}"#, link: link).nextPage == nil)
  }

  @Test func stopsAtTheThousandResultCap() throws {
    let body = #"{"total_count": 5000, "items": [\#(Self.item(1, "a/b"))]}"#
    func next(page: Int, size: Int) throws -> PageLink? {
      let target = "https://api.github.com/search/repositories?q=a&per_page=\(size)&page=\(page)"
      return try self.page(body, link: "<\(target)>; rel=\"next\"", pageSize: size).nextPage
    }
    #expect(try next(page: 10, size: 100) != nil)  // results 901–1000
    #expect(try next(page: 11, size: 100) == nil)  // would start at 1001
    #expect(try next(page: 34, size: 30) != nil)  // results 991–1000
    #expect(try next(page: 35, size: 30) == nil)
  }

  /// Found with a hostile server: `(page - 1) * per_page` trapped on overflow.
  @Test func aNextPageNumberTooLargeToMultiplyIsPastTheCap() throws {
    let items = Self.item(1, "a/b")
    let body = #"{"total_count": 5, "items": [\#(items)]}"#
    for link in [
      #"<https://x.test/search?q=a&page=9223372036854775807>; rel="next""#,
      #"<https://x.test/search?q=a&page=9223372036854775807&per_page=100>; rel="next""#,
      #"<https://x.test/search?q=a&page=92233720368547758>; rel="next""#,
    ] {
      #expect(try page(body, link: link).nextPage == nil)
    }
  }

  /// Found with a hostile server: the screen showed "1 of -5 repositories".
  @Test func aNegativeTotalCountIsAnUnreadableAnswer() {
    #expect(throws: SearchError.invalidResponse("the answer has a negative `total_count`")) {
      try page(#"{"total_count": -5, "items": []}"#)
    }
  }

  /// Foundation reads a number past `Int`'s range as invalid JSON: a typed error, never a trap.
  @Test(arguments: ["1e308", "99999999999999999999999999999", "-1e308", "1.5", "true"])
  func aTotalCountThatIsNotAnIntIsUnreadable(value: String) {
    #expect {
      try page(#"{"total_count": \#(value), "items": []}"#)
    } throws: { error in
      guard case .invalidResponse(let reason) = error as? SearchError else { return false }
      return reason.hasPrefix("the answer is not valid JSON")
        || reason == "the answer has a malformed `total_count`"
    }
  }

  @Test func refusesALinkBackToTheSamePage() throws {
    let body = #"{"total_count": 5000, "items": [\#(Self.item(1, "a/b"))]}"#
    #expect(try page(body, link: "<\(url.absoluteString)>; rel=\"next\"").nextPage == nil)
  }

  @Test(arguments: [
    ("{\"total_count\": 3, \"items\": [", "the answer is not valid JSON (29 bytes; truncated?)"),
    ("<html>rate limit</html>", "the answer is not valid JSON (23 bytes; truncated?)"),
    (#"{"items": []}"#, "the answer has no `total_count`"),
    (#"{"total_count": 1}"#, "the answer has no `items`"),
    (#"{"total_count": "many", "items": []}"#, "the answer has a malformed `total_count`"),
    (#"{"total_count": 1, "items": {}}"#, "the answer has a malformed `items`"),
  ])
  func explainsAnUnreadableBody(body: String, reason: String) {
    #expect(throws: SearchError.invalidResponse(reason)) { try page(body) }
  }

  @Test func refusesABodyThatIsNotUTF8() {
    var body = Data(#"{"total_count": 1, "items": [{"full_name": ""#.utf8)
    body.append(contentsOf: [0xFF, 0xFE, 0xC3])
    body.append(contentsOf: Data(#""}]}"#.utf8))
    #expect(throws: SearchError.invalidResponse("the answer is not UTF-8 text")) {
      try page(body)
    }
  }

  @Test func refusesAHugeBody() {
    let body = Data(count: SearchResponseDecoder.maximumBodySize + 1)
    #expect(throws: SearchError.invalidResponse("the answer is too large (8388609 bytes)")) {
      try page(body)
    }
  }

  @Test func reportsTheHTTPErrorBeforeLookingAtTheBody() {
    #expect(throws: SearchError.unavailable(status: 503)) { try page("not json", status: 503) }
  }

  /// Property: whatever numbers the status, headers and body carry, the decoder returns a page
  /// with counts in range, or a ``SearchError`` whose rate limit ends within the hour.
  @Test func anyExtremeAnswerIsAPageInRangeOrATypedError() {
    var values = ExtremeValues()
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    for _ in 0..<1500 {
      let status = [200, 403, 429, 401, 422, 503, 302].randomElement(using: &values)!
      let headers = [
        "retry-after": values.number(), "x-ratelimit-remaining": values.number(),
        "x-ratelimit-reset": values.number(),
        "Link": "<https://x.test/s?q=a&page=\(values.number())&per_page=\(values.number())>; "
          + #"rel="next""#,
      ].filter { _ in Bool.random(using: &values) }
      let json =
        #"{"total_count": \#(values.number()), "items": [{"id": \#(values.number()), "#
        + #""full_name": "a/b", "stargazers_count": \#(values.number()), "#
        + #""html_url": "https://github.com/a/b"}]}"#
      var body = Data(json.utf8)
      if Int.random(in: 0..<8, using: &values) == 0 { body.append(contentsOf: values.bytes()) }
      let response = HTTPURLResponse(
        url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
      do throws(SearchError) {
        let page = try SearchResponseDecoder.page(
          from: body, response: response, url: url, pageSize: 30, now: now)
        #expect(page.totalCount >= 0 && page.repositories.allSatisfy { $0.stargazersCount >= 0 })
        #expect((page.nextPage?.number ?? 1) >= 1)
      } catch {
        if case .rateLimited(let until) = error {
          #expect((0...SearchError.longestRateLimit).contains(until.timeIntervalSince(now)))
        }
        #expect(!error.message(now: now).isEmpty)
      }
    }
  }
}
