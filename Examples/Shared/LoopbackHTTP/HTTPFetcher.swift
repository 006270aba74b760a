import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The examples' HTTP client: `URLSession` with one overall deadline, a body limit enforced while
/// the bytes arrive, no credentials across origins, and a cancellation that is safe on Linux.
///
/// ```swift
/// let fetcher = HTTPFetcher(deadline: .seconds(30), maximumBodyByteCount: 8 << 20)
/// let (body, response) = try await fetcher.fetch(URLRequest(url: url))
/// ```
///
/// It throws ``HTTPFetchError`` for a transport failure, a missed deadline or a body over the
/// limit, and `CancellationError` when the calling task is cancelled; every other answer,
/// whatever its status, is returned.
///
/// - **Deadline**: the whole exchange, redirects included, must end within `deadline` on the
///   injected clock; a silent server and one that trickles a byte every few seconds both fail
///   with ``HTTPFetchError/Reason/timedOut(_:)``. (URLSession's own timeout on Linux is an idle
///   timeout in whole seconds that every received byte restarts: it stays only as a backstop.)
/// - **Body limit**: bytes are counted as they arrive (after decompression); past
///   `maximumBodyByteCount` the call fails, the transfer is stopped, and bytes that still come
///   are dropped as they arrive, so an endless body never accumulates.
/// - **Redirects**: followed (at most 20), but a hop to another origin (scheme, host or port)
///   loses its `Authorization` header, so a token never reaches another server.
/// - **No cache, no cookies, no stored credentials.** A 401 challenge is answered with the 401
///   itself instead of waiting for credentials.
///
/// ## Cancellation, and why it is safe here
/// Cancelling the calling task returns `CancellationError` at once, and the transfer is then
/// stopped for real (the server sees the connection close), as the reactors' "latest wins"
/// promises. On Linux, `URLSessionTask.cancel()` is not safe to call just anywhere while the
/// answer may be completing: called from a task-cancellation handler it can deadlock (the handler
/// holds the Swift task's lock while `cancel()` waits for the session's queue, whose completion
/// waits for that lock), and a cancel racing a completion can reach a `fatalError` in
/// FoundationNetworking (a task already dropped from its registry, a redirect answered after the
/// cancel). So this fetcher calls `cancel()` only on a stop queue of its own, holding nothing but
/// the exchange's transfer lock:
/// - the caller's cancellation handler only resumes the caller and *enqueues* the stop;
/// - the session reports every completion through the delegate, which first takes the same
///   lock: so a completion waits until a `cancel()` under way has enqueued its work (which then
///   runs first, on FoundationNetworking's serial queue), and a `cancel()` that comes later sees
///   the completion and is skipped;
/// - a redirect is answered under that lock too, and never after a stop.
///
/// `HTTPFetcherTests` times thousands of cancellations to land around completions, and a reactor
/// test sends 5,000 query changes without debounce to an instant server.
///
/// > Note: FoundationNetworking runs every session of a process on one serial queue. A local
/// > server that floods a body at loopback speed (GB/s) keeps that queue busy, so the stop can
/// > lag (seconds, measured) and every request of the process waits meanwhile; the bytes past
/// > the limit are dropped as they arrive. At the pace of a fast network (tens of MB/s,
/// > measured) the transfer stops within milliseconds of the limit.
public final class HTTPFetcher: Sendable {
  /// A status, headers and the whole body.
  public typealias Answer = (body: Data, response: HTTPURLResponse)

  /// The longest an exchange may take, redirects included.
  public let deadline: Duration
  /// The most body bytes accepted.
  public let maximumBodyByteCount: Int

  private let clock: any Clock<Duration>
  private let session: URLSession
  private let delegate: FetchDelegate
  private let queue: OperationQueue

  /// Makes a fetcher with its own session.
  ///
  /// - Parameters:
  ///   - deadline: The longest one ``fetch(_:)`` may take.
  ///   - maximumBodyByteCount: The largest body accepted.
  ///   - clock: The clock the deadline is measured on.
  public init(
    deadline: Duration = .seconds(30), maximumBodyByteCount: Int = 8 << 20,
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.deadline = deadline
    self.maximumBodyByteCount = maximumBodyByteCount
    self.clock = clock
    queue = OperationQueue()
    queue.name = "HTTPFetcher"
    queue.maxConcurrentOperationCount = 1
    delegate = FetchDelegate()
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.urlCredentialStorage = nil
    // A backstop only (see the type's notes): FoundationNetworking rounds it down to whole
    // seconds and restarts it on every byte. Far past the deadline, so the deadline always acts
    // first on a real clock.
    let backstop = TimeInterval(deadline.components.seconds + 30)
    configuration.timeoutIntervalForRequest = backstop
    configuration.timeoutIntervalForResource = backstop
    session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
  }

  deinit {
    session.finishTasksAndInvalidate()
  }

  /// Sends `request` and returns the answer, whatever its status.
  ///
  /// - Throws: ``HTTPFetchError``, or `CancellationError` if the calling task is cancelled.
  public func fetch(_ request: URLRequest) async throws -> Answer {
    var request = request
    request.timeoutInterval = session.configuration.timeoutIntervalForRequest
    let clock: any Clock<Duration> = clock
    let timer = Self.timer(on: clock, after: deadline)
    let timeout = HTTPFetchError(
      .timedOut(deadline), server: HTTPFetchError.serverName(of: request.url))
    return try await withThrowingTaskGroup(of: Answer.self) { [request] group in
      group.addTask { try await self.transfer(request) }
      group.addTask {
        try await timer()
        throw timeout
      }
      defer { group.cancelAll() }
      return try await group.next()!
    }
  }

  /// Whether `url` has the scheme, host and port of `other` (default ports filled in).
  public static func isSameOrigin(_ url: URL?, as other: URL?) -> Bool {
    func origin(_ url: URL?) -> [String]? {
      guard let url, let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased()
      else { return nil }
      let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
      return [scheme, host, String(port)]
    }
    guard let first = origin(url), let second = origin(other) else { return false }
    return first == second
  }

  private func transfer(_ request: URLRequest) async throws -> Answer {
    let exchange = FetchExchange(
      request: request, maximumBodyByteCount: maximumBodyByteCount, deadline: deadline)
    let delegate = delegate
    let session = session
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        guard exchange.attach(continuation) else { return }
        queue.addOperation { delegate.start(exchange, in: session) }
      }
    } onCancel: {
      // NB: never `cancel()` here: this handler runs with the task's lock held. See the notes.
      if exchange.finish(.failure(CancellationError())) { delegate.stop(exchange) }
    }
  }

  /// A sleep until `duration` from now; the deadline is fixed at once, so a test clock advanced
  /// before the sleep starts still wakes it.
  private static func timer<C: Clock<Duration>>(
    on clock: C, after duration: Duration
  ) -> @Sendable () async throws -> Void {
    let deadline = clock.now.advanced(by: duration)
    return { try await clock.sleep(until: deadline, tolerance: nil) }
  }
}
