import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension GitHubClient {
  /// A client that sends real HTTP requests through `URLSession`.
  ///
  /// The session is ephemeral: no cookies, no cache, no credentials kept on disk. Cancelling the
  /// calling task stops the request (URLSession then throws `URLError(.cancelled)`, reported
  /// here as `CancellationError`, which the reactor does not treat as a failure).
  ///
  /// - Parameters:
  ///   - configuration: Where to send requests, the token, the page size.
  ///   - now: The current time, to turn `retry-after` into a date.
  public static func live(
    configuration: GitHubConfiguration, now: @escaping @Sendable () -> Date = Date.init
  ) -> GitHubClient {
    let sessionConfiguration = URLSessionConfiguration.ephemeral
    sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
    sessionConfiguration.httpShouldSetCookies = false
    sessionConfiguration.urlCache = nil
    let session = URLSession(configuration: sessionConfiguration)
    return GitHubClient { page in
      let request = try configuration.urlRequest(for: page)
      let body: Data
      let response: URLResponse
      do {
        (body, response) = try await session.data(for: request)
      } catch {
        // Only our own cancellation is silent; a request cancelled by anything else is a failure
        // the reactor must hear about, or its loading flag would never clear.
        if Task.isCancelled { throw CancellationError() }
        throw SearchError.offline(describe(error, url: request.url))
      }
      guard let response = response as? HTTPURLResponse else {
        throw SearchError.invalidResponse("not an HTTP answer")
      }
      return try SearchResponseDecoder.page(
        from: body, response: response, url: request.url!, pageSize: configuration.pageSize,
        now: now())
    }
  }

  /// A short reason for a transport failure, naming the server but never the query or a header.
  static func describe(_ error: any Error, url: URL?) -> String {
    let server =
      url.flatMap { url in url.host.map { host in url.port.map { "\(host):\($0)" } ?? host } }
      ?? "the server"
    guard let error = error as? URLError else { return "the request to \(server) failed" }
    switch error.code {
    case .cannotConnectToHost: return "could not connect to \(server)"
    case .cannotFindHost, .dnsLookupFailed: return "could not find \(server)"
    case .notConnectedToInternet: return "no network connection"
    case .timedOut: return "\(server) did not answer in time"
    case .networkConnectionLost:
      return "the connection to \(server) broke before the answer was complete"
    case .badServerResponse, .cannotParseResponse:
      return "\(server) sent a broken HTTP answer"
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
      return "the secure connection to \(server) failed"
    default: return "the request to \(server) failed (URLError \(error.code.rawValue))"
    }
  }
}
