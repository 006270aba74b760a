import Foundation
import LoopbackHTTP

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension UsernameAvailabilityClient {
  /// Asks a GitHub-compatible REST API: `GET {apiURL}/users/{name}`; 404 means available, 200
  /// taken, anything else ``AvailabilityCheckError``.
  ///
  /// The name is percent-escaped as one path segment, so `a/b` or `..` can never reach another
  /// endpoint. Requests carry `Accept: application/vnd.github+json` and a `User-Agent` (GitHub
  /// rejects requests without one) and go through an ephemeral session (an `HTTPFetcher` of the
  /// examples' `LoopbackHTTP` module): no cookies, no cache. Each check must end within
  /// `timeout`, a silent or trickling server included, and an answer over 64 KiB is refused
  /// while it arrives (the verdict is in the status; a user's JSON is about 1 KiB).
  ///
  /// Cancelling the calling task returns `CancellationError` at once and then stops the request
  /// on the wire, by a path that is safe from FoundationNetworking's cancel-at-completion
  /// deadlock on Linux; an answer already on its way is never returned.
  ///
  /// - Parameters:
  ///   - apiURL: The API root: `https://api.github.com`, or `https://HOST/api/v3` for GitHub
  ///     Enterprise.
  ///   - timeout: How long to wait for an answer before ``AvailabilityCheckError/timedOut(after:)``.
  ///   - clock: The clock the timeout is measured on.
  public static func live(
    apiURL: URL, timeout: Duration = .seconds(10), clock: any Clock<Duration> = ContinuousClock()
  ) -> Self {
    let fetcher = HTTPFetcher(
      deadline: timeout, maximumBodyByteCount: maximumBodyByteCount, clock: clock)
    return Self { username in
      let answer: HTTPFetcher.Answer
      do {
        answer = try await fetcher.fetch(availabilityRequest(for: username, apiURL: apiURL))
      } catch let error as HTTPFetchError {
        throw AvailabilityCheckError(error)
      }
      return try availability(
        status: answer.response.statusCode,
        rateLimitRemaining: answer.response.value(forHTTPHeaderField: "x-ratelimit-remaining"),
        body: answer.body)
    }
  }

  /// The largest answer the live client reads.
  public static let maximumBodyByteCount = 64 * 1024

  /// The `User-Agent` the live client sends.
  public static let userAgent = "Reactors-signup-example/1.0"

  /// The request for `GET {apiURL}/users/{username}`, with the name escaped as a path segment.
  static func availabilityRequest(for username: String, apiURL: URL) -> URLRequest {
    var components = URLComponents(url: apiURL, resolvingAgainstBaseURL: false)!
    var basePath = components.percentEncodedPath
    while basePath.hasSuffix("/") { basePath.removeLast() }
    components.percentEncodedPath = basePath + "/users/" + escapedPathSegment(username)
    components.percentEncodedQuery = nil
    components.fragment = nil
    var request = URLRequest(url: components.url!)
    request.httpMethod = "GET"
    request.setValue("application/vnd.github+json", forHTTPHeaderField: "Accept")
    request.setValue("2022-11-28", forHTTPHeaderField: "X-GitHub-Api-Version")
    request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
    return request
  }

  /// `text` percent-escaped so that it stays one path segment: every byte but ASCII letters,
  /// digits, `-`, `_` and `~` is escaped (`.` too, so `..` can't climb a level).
  static func escapedPathSegment(_ text: String) -> String {
    var escaped = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        escaped.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        escaped += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      }
    }
    return escaped
  }

  /// What an answer to `GET /users/{name}` says about the name.
  ///
  /// A 200 must carry a user (`{"login": …}`): a captive portal or a proxy that answers 200 with
  /// a page of its own says nothing about the name.
  static func availability(
    status: Int, rateLimitRemaining: String?, body: Data
  ) throws
    -> UsernameAvailability
  {
    struct User: Decodable {
      var login: String
    }
    switch status {
    case 404: return .available
    case 200:
      guard (try? JSONDecoder().decode(User.self, from: body)) != nil else {
        throw AvailabilityCheckError.failed(reason: "the answer (HTTP 200) is not a GitHub user")
      }
      return .taken
    case 429: throw AvailabilityCheckError.rateLimited
    case 403 where rateLimitRemaining?.trimmingCharacters(in: .whitespaces) == "0":
      throw AvailabilityCheckError.rateLimited
    case 403: throw AvailabilityCheckError.forbidden
    case 500...599: throw AvailabilityCheckError.serverError(status: status)
    default: throw AvailabilityCheckError.unexpectedStatus(status)
    }
  }
}

extension String {
  fileprivate func leftPadded(to length: Int) -> String {
    String(repeating: "0", count: Swift.max(0, length - count)) + self
  }
}
