import Foundation
import GitHubSearchKit
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite(.timeLimit(.minutes(1))) struct RepositoryDetailResponseTests {
  let now = Date(timeIntervalSince1970: 1_700_000_000)

  func detail(
    _ body: String, status: Int = 200, headers: [String: String] = [:]
  ) throws(SearchError) -> RepositoryDetail {
    let url = URL(string: "https://api.github.com/repos/apple/swift")!
    let response = HTTPURLResponse(
      url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
    return try RepositoryDetail.decode(
      from: Data(body.utf8), response: response, fullName: "apple/swift", now: now)
  }

  @Test func decodesASuccessfulAnswer() throws {
    let body = """
      {"full_name": "apple/swift", "description": null, "stargazers_count": 1,
       "forks_count": 2, "open_issues_count": 3, "default_branch": "main",
       "html_url": "https://github.com/apple/swift"}
      """
    let detail = try detail(body)
    #expect(detail.forksCount == 2)
    #expect(detail.openIssuesCount == 3)
  }

  @Test func aMissingRepositoryIsNotFoundByName() {
    #expect(throws: SearchError.notFound("apple/swift")) {
      try detail(#"{"message": "Not Found"}"#, status: 404)
    }
    #expect(
      SearchError.notFound("apple/swift").message() == "GitHub has no repository named apple/swift")
    #expect(!SearchError.notFound("apple/swift").isRetryable)
  }

  @Test func otherStatusesReadAsForASearch() {
    #expect(throws: SearchError.unavailable(status: 503)) { try detail("", status: 503) }
    #expect(throws: SearchError.rateLimited(until: now.addingTimeInterval(30))) {
      try detail("", status: 429, headers: ["retry-after": "30"])
    }
    #expect(throws: SearchError.forbidden("Resource not accessible")) {
      try detail(#"{"message": "Resource not accessible"}"#, status: 403)
    }
  }

  @Test func anUnreadableBodySaysWhy() {
    #expect(throws: SearchError.invalidResponse("the answer has no `forks_count`")) {
      try detail(
        #"{"full_name": "a/b", "stargazers_count": 1, "html_url": "https://github.com/a/b"}"#)
    }
    #expect(
      throws: SearchError.invalidResponse("the answer is not valid JSON (5 bytes; truncated?)")
    ) {
      try detail(#"{"ful"#)
    }
  }
}
