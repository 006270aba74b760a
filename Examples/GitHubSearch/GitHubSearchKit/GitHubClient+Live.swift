import Foundation
import LoopbackHTTP

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension GitHubClient {
  /// A client that sends real HTTP requests through `URLSession` (an `HTTPFetcher` of the
  /// examples' `LoopbackHTTP` module), for searches and repository details alike.
  ///
  /// The session is ephemeral: no cookies, no cache, no credentials kept. Each request must end
  /// within ``GitHubConfiguration/requestTimeout`` (30 s by default), a silent or trickling
  /// server included; a body past ``SearchResponseDecoder/maximumBodySize`` is refused while it
  /// arrives; a redirect to another origin loses the token.
  ///
  /// Cancelling the calling task returns `CancellationError` at once (the reactor does not treat
  /// it as a failure), and the request is then stopped on the wire, by a path that is safe from
  /// FoundationNetworking's cancel-at-completion deadlock on Linux: the server sees the
  /// connection close, and no answer that was already on its way is ever returned.
  ///
  /// - Parameters:
  ///   - configuration: Where to send requests, the token, the page size, the deadline.
  ///   - now: The current time, to turn `retry-after` into a date.
  ///   - clock: The clock the deadline is measured on.
  public static func live(
    configuration: GitHubConfiguration, now: @escaping @Sendable () -> Date = Date.init,
    clock: any Clock<Duration> = ContinuousClock()
  ) -> GitHubClient {
    let fetcher = HTTPFetcher(
      deadline: configuration.requestTimeout,
      maximumBodyByteCount: SearchResponseDecoder.maximumBodySize, clock: clock)
    /// Fetches `request`, a transport failure reading as a ``SearchError``.
    @Sendable func fetch(_ request: URLRequest) async throws -> HTTPFetcher.Answer {
      do {
        return try await fetcher.fetch(request)
      } catch let error as HTTPFetchError {
        throw SearchError(error, serverName: configuration.serverName)
      }
    }
    return GitHubClient(
      search: { page in
        let request = try configuration.urlRequest(for: page)
        let answer = try await fetch(request)
        return try SearchResponseDecoder.page(
          from: answer.body, response: answer.response, url: request.url!,
          pageSize: configuration.pageSize, now: now())
      },
      repository: { fullName in
        let answer = try await fetch(try configuration.urlRequest(forRepository: fullName))
        return try RepositoryDetail.decode(
          from: answer.body, response: answer.response, fullName: fullName, now: now())
      })
  }
}

extension SearchError {
  /// The error a failed exchange stands for: a body over the limit is an unreadable answer, and
  /// anything else a network error, with a hint at `--offline` when nothing could be reached.
  ///
  /// With a `serverName`, the message names the server by it rather than by its address, and
  /// gives no hint: a server the program named itself is not one `--offline` would replace.
  init(_ error: HTTPFetchError, serverName: String? = nil) {
    var error = error
    if let serverName { error.server = serverName }
    switch error.reason {
    case .bodyTooLarge:
      self = .invalidResponse(error.description)
    default:
      let hint =
        error.isUnreachable && serverName == nil
        ? "; to search without a network, use --offline" : ""
      self = .offline(error.description + hint)
    }
  }
}
