import Foundation
import GitHubSearchKit
import LoopbackHTTP

/// The ways a GitHub-shaped server can fail a search, each with the answer it sends and the
/// error the client must report.
enum HostileGitHub: String, CaseIterable, Sendable {
  case internalError
  case badGatewayHTML
  case rateLimited
  case forbidden
  case retryAfter
  case validationFailed
  case challenge
  case cutMidBody
  case invalidJSON
  case missingTotalCount
  case nullItems
  case notUTF8
  case redirectLoop
  case hugeBody
  case endlessBody
  // Absurd numbers in ordinary headers and fields (issue 26): each trapped or showed nonsense.
  case unparsableReset
  case farReset
  case endlessRetryAfter
  case negativeTotalCount

  /// The time the client is told it is, for rate limits.
  static let now = Date(timeIntervalSince1970: 1_700_000_000)

  /// A token that must never show anywhere.
  static let token = "ghp_SECRET0123456789abcdefSECRET"

  /// A page with one repository, for every query that is not a fault.
  static let page = Data(
    #"""
    {"total_count": 1, "incomplete_results": false, "items": [{"id": 7, "full_name": "a/b",
     "stargazers_count": 3, "html_url": "https://github.com/a/b"}]}
    """#.utf8)

  /// What the server answers.
  var response: HTTPResponse {
    switch self {
    case .internalError:
      .text("boom", status: 500)
    case .badGatewayHTML:
      .text(
        "<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>", status: 502,
        headers: ["Content-Type": "text/html"])
    case .rateLimited:
      .json(
        Data(#"{"message":"API rate limit exceeded"}"#.utf8), status: 403,
        headers: ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1700000123"])
    case .forbidden:
      .json(Data(#"{"message":"Resource not accessible by integration"}"#.utf8), status: 403)
    case .retryAfter:
      .json(
        Data(#"{"message":"secondary rate limit"}"#.utf8), status: 429,
        headers: ["Retry-After": "45"])
    case .validationFailed:
      .json(
        Data(#"{"message":"Validation Failed","errors":[{"message":"bad qualifier"}]}"#.utf8),
        status: 422)
    case .challenge:
      .json(
        Data(#"{"message":"Bad credentials"}"#.utf8), status: 401,
        headers: ["WWW-Authenticate": #"Basic realm="GitHub""#])
    case .cutMidBody:
      HTTPResponse.json(Self.page).closingConnection(afterBodyBytes: 20)
    case .invalidJSON:
      .json(Data(#"{"total_count": 3, "items": [{"id":"#.utf8))
    case .missingTotalCount:
      .json(Data(#"{"items": []}"#.utf8))
    case .nullItems:
      .json(Data(#"{"total_count": 1, "items": null}"#.utf8))
    case .notUTF8:
      .json(Data([0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x7D]))
    case .redirectLoop:
      HTTPResponse(status: 302, headers: ["Location": "/search/repositories?q=redirectLoop"])
    case .hugeBody:
      // 50 MB announced: refused from the head on. Paced like a fast network (64 MB/s): a
      // flood at loopback speed stalls every URLSession of the process (see `HTTPFetcher`).
      .streaming(
        Data(repeating: 0x20, count: 65_536), byteCount: 50_000_000, every: .milliseconds(1))
    case .endlessBody:
      // No length: refused past the limit. At 64 KiB a millisecond, the pace of a fast network.
      .streaming(Data(repeating: 0x20, count: 65_536), every: .milliseconds(1))
    case .unparsableReset:
      .json(
        Data("{}".utf8), status: 403,
        headers: ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "1e300"])
    case .farReset:
      .json(
        Data("{}".utf8), status: 403,
        headers: ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "9223372036854775807"])
    case .endlessRetryAfter:
      .json(Data("{}".utf8), status: 429, headers: ["Retry-After": "9223372036854775807"])
    case .negativeTotalCount:
      .json(Data(#"{"total_count": -5, "items": []}"#.utf8))
    }
  }

  /// The error the client reports; `server` is `127.0.0.1:PORT`.
  func expectedError(server: String) -> SearchError {
    switch self {
    case .internalError: .unavailable(status: 500)
    case .badGatewayHTML: .unavailable(status: 502)
    case .rateLimited: .rateLimited(until: Date(timeIntervalSince1970: 1_700_000_123))
    case .forbidden: .forbidden("Resource not accessible by integration")
    case .retryAfter: .rateLimited(until: Self.now.addingTimeInterval(45))
    case .validationFailed: .invalidQuery("Validation Failed: bad qualifier")
    case .challenge: .forbidden("Bad credentials (check GITHUB_TOKEN)")
    case .cutMidBody:
      .offline("the connection to \(server) broke before the answer was complete")
    case .invalidJSON: .invalidResponse("the answer is not valid JSON (35 bytes; truncated?)")
    case .missingTotalCount: .invalidResponse("the answer has no `total_count`")
    case .nullItems: .invalidResponse("the answer has a null `items`")
    case .notUTF8: .invalidResponse("the answer is not UTF-8 text")
    case .redirectLoop: .offline("\(server) redirected too many times")
    case .hugeBody, .endlessBody: .invalidResponse("\(server) sent an answer larger than 8 MiB")
    case .unparsableReset: .rateLimited(until: Self.now.addingTimeInterval(60))
    case .farReset, .endlessRetryAfter:
      .rateLimited(until: Self.now.addingTimeInterval(SearchError.longestRateLimit))
    case .negativeTotalCount: .invalidResponse("the answer has a negative `total_count`")
    }
  }

  /// A server that answers the query named after a fault with that fault, and any other query
  /// with ``page``.
  static func server() throws -> LoopbackServer {
    try LoopbackServer { request in
      HostileGitHub(rawValue: request.queryValue(for: "q") ?? "")?.response ?? .json(page)
    }
  }

  /// A live client of `server`, sending ``token``, with the clock at ``now``.
  static func client(
    _ server: LoopbackServer, requestTimeout: Duration = .seconds(60),
    clock: any Clock<Duration> = ContinuousClock()
  ) -> GitHubClient {
    let configuration = GitHubConfiguration(
      apiURL: server.baseURL, token: GitHubToken(token), requestTimeout: requestTimeout)
    return .live(configuration: configuration, now: { now }, clock: clock)
  }
}
