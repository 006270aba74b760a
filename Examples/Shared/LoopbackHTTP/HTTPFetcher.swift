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
/// Any status is an answer; ``HTTPFetchError`` says why there is none: a transport failure, the
/// deadline (on the injected clock, redirects included: a trickling server times out too), or
/// a body past the limit, counted as it arrives and then stopped. A redirect to another origin
/// loses its `Authorization` header. No cache, cookies or stored credentials.
///
/// Cancelling the caller throws `CancellationError` at once, then stops the transfer for real.
/// On Linux, `URLSessionTask.cancel()` from a task-cancellation handler can deadlock (the
/// handler holds the task's lock while `cancel()` waits for the session's queue, which waits for
/// that lock), and a cancel racing a completion can trap. So the handler only resumes the
/// caller; `cancel()` runs on a queue of its own, under a lock the delegate also takes before it
/// reports a completion or answers a redirect. `HTTPFetcherTests` lands thousands of
/// cancellations around completions.
///
/// > Note: On Linux, FoundationNetworking leaves a dispatch write source armed on a new
/// > connection's socket, which keeps most of a core busy while the request waits. This module
/// > links `CurlSocketReregistration`, which has it drop the source:
/// > `Scripts/urlsession-spin/README.md` has the cause and a reproduction.
public final class HTTPFetcher: Sendable {
  /// A status, headers and the whole body.
  public typealias Answer = (body: Data, response: HTTPURLResponse)

  private let deadline: Duration
  private let maximumBodyByteCount: Int
  private let clock: any Clock<Duration>
  private let session: URLSession
  private let delegate = FetchDelegate()
  private let queue = OperationQueue()

  /// Makes a fetcher with its own session.
  public init(
    deadline: Duration = .seconds(30), maximumBodyByteCount: Int = 8 << 20,
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.deadline = deadline
    self.maximumBodyByteCount = maximumBodyByteCount
    self.clock = clock
    queue.maxConcurrentOperationCount = 1
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.urlCredentialStorage = nil
    // A backstop only: the deadline acts first.
    configuration.timeoutIntervalForRequest = TimeInterval(deadline.components.seconds + 30)
    configuration.timeoutIntervalForResource = configuration.timeoutIntervalForRequest
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
    let exchange = FetchExchange(
      request: request, maximumBodyByteCount: maximumBodyByteCount, deadline: deadline)
    let (delegate, session, clock) = (delegate, session, clock as any Clock<Duration>)
    let timer = Self.timer(on: clock, after: deadline) {
      if exchange.fail(.timedOut(exchange.deadline)) { delegate.stop(exchange) }
    }
    defer { timer.cancel() }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        guard exchange.attach(continuation) else { return }
        queue.addOperation { delegate.start(exchange, in: session) }
      }
    } onCancel: {
      // NB: never `cancel()` here, with the task's lock held: see the notes.
      if exchange.finish(.failure(CancellationError())) { delegate.stop(exchange) }
    }
  }

  /// Whether `url` has the scheme, host and port of `other` (default ports filled in).
  public static func isSameOrigin(_ url: URL?, as other: URL?) -> Bool {
    func origin(_ url: URL?) -> [String]? {
      guard let url, let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased()
      else { return nil }
      return [
        scheme, host, "\(url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1))",
      ]
    }
    return origin(url) != nil && origin(url) == origin(other)
  }

  /// Runs `action` once `duration` has passed on `clock`, unless cancelled; the deadline is fixed
  /// now, so a test clock advanced before the sleep starts still fires it.
  private static func timer<C: Clock<Duration>>(
    on clock: C, after duration: Duration, _ action: @escaping @Sendable () -> Void
  ) -> Task<Void, Never> {
    let deadline = clock.now.advanced(by: duration)
    return Task {
      if (try? await clock.sleep(until: deadline, tolerance: nil)) != nil { action() }
    }
  }
}
