import Foundation
import LoopbackHTTP

/// A GitHub-compatible search API on 127.0.0.1, serving the generated catalog: what `--offline`
/// starts, so that even offline the real `URLSession` client, real `Link` headers and real
/// cancellation are at work.
///
/// ```swift
/// let server = try OfflineGitHubServer(latency: .milliseconds(250))
/// let client = GitHubClient.live(configuration: GitHubConfiguration(apiURL: server.baseURL))
/// ```
///
/// Latency is slept on the injected clock (a `TestClock` or `ImmediateClock` in tests), and a
/// request whose client goes away stops waiting: the underlying ``LoopbackServer`` cancels its
/// handler and records ``RequestRecord/Outcome/clientDisconnected``. `fault` answers a request
/// before the routes do — a stall, a cut connection, a 503 — for tests and demos.
public final class OfflineGitHubServer: Sendable {
  /// The loopback server underneath, for its request log.
  public let server: LoopbackServer

  /// `http://127.0.0.1:<port>`: the `apiURL` to give the client.
  public var baseURL: URL { server.baseURL }

  /// Every request received so far, with what became of it.
  public var requests: [RequestRecord] { server.requests }

  /// The longest latency the server plays: a minute; a longer one is cut to it.
  public static let longestLatency = Duration.seconds(60)

  /// Starts serving.
  ///
  /// - Parameters:
  ///   - routes: The API: the catalog and an optional rate limit.
  ///   - latency: How long each answer takes, on `clock`; at most ``longestLatency``.
  ///   - clock: The clock the latency is slept on.
  ///   - now: The current date, for the rate limit's reset time.
  ///   - fault: Answers a request instead of the routes when it returns a response.
  ///   - limits: What the server accepts (connections, idle timeout, request sizes, log).
  /// - Throws: `SystemCallError` when no port can be opened.
  public init(
    routes: OfflineGitHubRoutes = OfflineGitHubRoutes(), latency: Duration = .zero,
    clock: any Clock<Duration> = ContinuousClock(),
    now: @escaping @Sendable () -> Date = Date.init,
    fault: (@Sendable (HTTPRequest) -> HTTPResponse?)? = nil,
    limits: LoopbackServer.Limits = LoopbackServer.Limits()
  ) throws {
    // `GITHUB_SEARCH_OFFLINE_LATENCY_MS=9223372036854775807` would hang every search for ever.
    let latency = min(latency, Self.longestLatency)
    server = try LoopbackServer(limits: limits) { request in
      if let response = fault?(request) { return response }
      if latency > .zero {
        do {
          try await clock.sleep(for: latency)
        } catch {
          return .text("cancelled", status: 499)  // The client left; nobody reads this.
        }
      }
      let answer = routes.respond(
        method: request.method, path: request.path,
        queryItems: request.queryItems.map { ($0.name, $0.value ?? "") },
        baseURL: request.serverBaseURL ?? URL(string: "http://127.0.0.1")!, now: now())
      var headers = HTTPHeaders()
      for (name, value) in answer.headers.sorted(by: { $0.key < $1.key }) {
        headers.add(name, value)
      }
      return HTTPResponse(status: answer.status, headers: headers, body: answer.body)
    }
  }

  /// The request log, one line per request: `#0 GET /search/repositories?q=swift → 200`; the
  /// most recent 1000 requests, with no header and no body, so a token never shows.
  public var logLines: [String] {
    requests.map { record in
      let outcome =
        switch record.outcome {
        case .pending: "pending"
        case .responded(let status): "\(status)"
        case .closedMidBody(let status): "\(status), cut mid-body"
        case .clientDisconnected: "client disconnected"
        case .serverStopped: "server stopped"
        }
      return "#\(record.index) \(record.request.method) \(record.request.target) → \(outcome)"
    }
  }

  /// Stops the server; requests in flight fail with a transport error.
  public func stop() {
    server.stop()
  }
}
