import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request of an ``HTTPFetcher``: the caller's continuation, resumed exactly once; the
/// session's task and whether it was stopped or completed; and what the session delivered.
final class FetchExchange: @unchecked Sendable {
  // Safe: `continuation` and `outcome` are only touched with `lock` held; `task`, `isStopped`
  // and `isComplete` with `transferLock` held; `response` and `body` on the fetcher's serial
  // delegate queue only. `HTTPFetcherTests` runs them all under ThreadSanitizer.

  typealias Outcome = Result<HTTPFetcher.Answer, any Error>
  typealias Continuation = CheckedContinuation<HTTPFetcher.Answer, any Error>

  let request: URLRequest
  let maximumBodyByteCount: Int
  let deadline: Duration
  /// The answer's head, once it arrived.
  var response: URLResponse?
  /// The body so far.
  var body = Data()

  private let lock = NSLock()
  private var continuation: Continuation?
  private var outcome: Outcome?

  /// Held across `cancel()`, so that the session can't report the task complete (nor be
  /// answered about a redirect) while a cancel is under way.
  private let transferLock = NSLock()
  private var task: URLSessionDataTask?
  private var isStopped = false
  private var isComplete = false

  init(request: URLRequest, maximumBodyByteCount: Int, deadline: Duration) {
    self.request = request
    self.maximumBodyByteCount = maximumBodyByteCount
    self.deadline = deadline
  }

  // MARK: The caller's side

  /// Whether the caller already has its answer (or its error).
  var isFinished: Bool {
    lock.withLock { outcome != nil }
  }

  /// Keeps `continuation` for the outcome; returns `false`, having resumed it, if the exchange
  /// already finished.
  func attach(_ continuation: Continuation) -> Bool {
    let earlier = lock.withLock {
      if outcome == nil { self.continuation = continuation }
      return outcome
    }
    guard let earlier else { return true }
    continuation.resume(with: earlier)
    return false
  }

  /// Gives the caller `outcome` unless it has one already; returns whether this call did.
  @discardableResult
  func finish(_ outcome: Outcome) -> Bool {
    let (isFirst, waiting) = lock.withLock { () -> (Bool, Continuation?) in
      guard self.outcome == nil else { return (false, nil) }
      self.outcome = outcome
      defer { continuation = nil }
      return (true, continuation)
    }
    waiting?.resume(with: outcome)
    return isFirst
  }

  /// Finishes with `reason`, naming the request's server; returns whether this call did.
  @discardableResult
  func fail(_ reason: HTTPFetchError.Reason) -> Bool {
    finish(.failure(HTTPFetchError(reason, server: HTTPFetchError.serverName(of: request.url))))
  }

  // MARK: The session's side

  /// Makes and resumes the task, unless the caller already gave up; returns it.
  func start(in session: URLSession) -> URLSessionDataTask? {
    transferLock.withLock {
      guard !isFinished else { return nil }
      task = session.dataTask(with: request)
      task?.resume()
      return task
    }
  }

  /// Cancels the task unless it never started, was stopped, or completed (on the stop queue: it
  /// waits for the session's queue).
  func stop() {
    transferLock.withLock {
      guard let task, !isStopped, !isComplete else { return }
      isStopped = true
      task.cancel()
    }
  }

  /// Notes that the session completed the task, once a ``stop()`` under way has returned.
  func markComplete() {
    transferLock.withLock { isComplete = true }
  }

  /// Runs `answer` (a redirect's answer) unless the task was stopped; a stop waits meanwhile.
  func unlessStopped(_ answer: () -> Void) {
    transferLock.withLock {
      if !isStopped { answer() }
    }
  }

  /// Notes that the session itself cancels the task; returns whether it was still running.
  func markStoppedBySession() -> Bool {
    transferLock.withLock {
      defer { isStopped = true }
      return !isStopped
    }
  }
}
