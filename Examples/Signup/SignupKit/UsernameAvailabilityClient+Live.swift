import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension UsernameAvailabilityClient {
  /// Asks a GitHub-compatible REST API: `GET {apiURL}/users/{name}`; 404 means available, 200
  /// taken, anything else ``AvailabilityCheckError``.
  ///
  /// The name is percent-escaped as one path segment, so `a/b` or `..` can never reach another
  /// endpoint. Requests carry `Accept: application/vnd.github+json` and a `User-Agent` (GitHub
  /// rejects requests without one) and go through an ephemeral session: no cookies, no cache.
  /// Cancelling the calling task cancels the request.
  ///
  /// - Parameters:
  ///   - apiURL: The API root: `https://api.github.com`, or `https://HOST/api/v3` for GitHub
  ///     Enterprise.
  ///   - timeout: How long to wait for an answer before ``AvailabilityCheckError/timedOut``.
  ///   - clock: The clock the timeout is measured on.
  public static func live(
    apiURL: URL, timeout: Duration = .seconds(10), clock: any Clock<Duration> = ContinuousClock()
  ) -> Self {
    // NB: the timeout is enforced on `clock`, not by URLSession: FoundationNetworking on Linux
    // truncates `timeoutInterval` to whole seconds (0.5 s times out at once). The session's own
    // limit is only a backstop, well past ours: with a test clock the clock's timeout never fires,
    // and a loopback request on a loaded machine (under ThreadSanitizer, say) can take seconds.
    let backstop = TimeInterval(timeout.components.seconds + 30)
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = backstop
    configuration.timeoutIntervalForResource = backstop
    let session = URLSession(configuration: configuration)
    let host = apiURL.host ?? apiURL.absoluteString
    return Self { username in
      let request = availabilityRequest(for: username, apiURL: apiURL, timeout: backstop)
      let timer = deadlineTimer(on: clock, after: timeout)
      return try await withThrowingTaskGroup(of: UsernameAvailability.self) { group in
        group.addTask { try await check(request, with: session, host: host) }
        group.addTask {
          try await timer()
          throw AvailabilityCheckError.timedOut
        }
        defer { group.cancelAll() }
        return try await group.next()!
      }
    }
  }

  /// Sends `request` and reads the answer's status.
  private static func check(
    _ request: URLRequest, with session: URLSession, host: String
  )
    async throws -> UsernameAvailability
  {
    let response: URLResponse
    do {
      (_, response) = try await session.data(for: request)
    } catch let error as URLError {
      if error.code == .cancelled { throw CancellationError() }
      if error.code == .timedOut { throw AvailabilityCheckError.timedOut }
      throw AvailabilityCheckError.unreachable(host: host)
    }
    guard let response = response as? HTTPURLResponse else {
      throw AvailabilityCheckError.unreachable(host: host)
    }
    return try availability(
      status: response.statusCode,
      rateLimitRemaining: response.value(forHTTPHeaderField: "x-ratelimit-remaining"))
  }

  /// A sleep until `duration` from now, the deadline fixed at once so a test clock that advances
  /// before the sleep starts still wakes it.
  private static func deadlineTimer<C: Clock<Duration>>(
    on clock: C, after duration: Duration
  )
    -> @Sendable () async throws -> Void
  {
    let deadline = clock.now.advanced(by: duration)
    return { try await clock.sleep(until: deadline, tolerance: nil) }
  }

  /// The `User-Agent` the live client sends.
  public static let userAgent = "Reactors-signup-example/1.0"

  /// The request for `GET {apiURL}/users/{username}`, with the name escaped as a path segment.
  static func availabilityRequest(
    for username: String, apiURL: URL, timeout: TimeInterval
  ) -> URLRequest {
    var components = URLComponents(url: apiURL, resolvingAgainstBaseURL: false)!
    var basePath = components.percentEncodedPath
    while basePath.hasSuffix("/") { basePath.removeLast() }
    components.percentEncodedPath = basePath + "/users/" + escapedPathSegment(username)
    components.percentEncodedQuery = nil
    components.fragment = nil
    var request = URLRequest(url: components.url!, timeoutInterval: timeout)
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

  /// What a status of `GET /users/{name}` says about the name.
  static func availability(
    status: Int, rateLimitRemaining: String?
  ) throws
    -> UsernameAvailability
  {
    switch status {
    case 404: return .available
    case 200: return .taken
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
