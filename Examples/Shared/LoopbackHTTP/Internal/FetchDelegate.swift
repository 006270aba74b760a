import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The session delegate of an ``HTTPFetcher``: it starts tasks and hands what the session
/// delivers to each task's ``FetchExchange``; stops go to the stop queue.
///
/// Every method runs on the fetcher's serial delegate queue (the session calls it there, and the
/// fetcher enqueues ``start(_:in:)`` there).
final class FetchDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  // Safe: `exchanges`, and the delegate-queue state of each exchange, are only touched on the
  // serial delegate queue; `HTTPFetcherTests` runs them under ThreadSanitizer.

  private var exchanges: [Int: FetchExchange] = [:]
  private let stopQueue = DispatchQueue(label: "HTTPFetcher.stop")

  /// Makes and resumes the task of `exchange`, unless the caller already gave up on it.
  func start(_ exchange: FetchExchange, in session: URLSession) {
    guard let task = exchange.start(in: session) else { return }
    exchanges[task.taskIdentifier] = exchange
  }

  /// Stops the transfer of `exchange` soon, from the stop queue (from any thread).
  func stop(_ exchange: FetchExchange) {
    stopQueue.async { exchange.stop() }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    completionHandler(.allow)
    guard let exchange = exchanges[dataTask.taskIdentifier], !exchange.isFinished else { return }
    exchange.response = response
    let limit = exchange.maximumBodyByteCount
    if response.expectedContentLength > Int64(limit) {
      exchange.fail(.bodyTooLarge(limit: limit))
      stop(exchange)
    } else if response.expectedContentLength > 0 {
      exchange.body.reserveCapacity(Int(response.expectedContentLength))
    }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    guard let exchange = exchanges[dataTask.taskIdentifier], !exchange.isFinished else { return }
    guard exchange.body.count + data.count <= exchange.maximumBodyByteCount else {
      exchange.body = Data()
      exchange.fail(.bodyTooLarge(limit: exchange.maximumBodyByteCount))
      stop(exchange)
      return
    }
    exchange.body.append(data)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    // NB: never answered once a stop was issued: FoundationNetworking traps on a redirect
    // answer that arrives after a cancel. A stop is always issued when the caller gives up.
    guard let exchange = exchanges[task.taskIdentifier] else { return }
    var request = request
    if !HTTPFetcher.isSameOrigin(request.url, as: exchange.request.url) {
      request.setValue(nil, forHTTPHeaderField: "Authorization")
    }
    exchange.unlessStopped { completionHandler(request) }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
    completionHandler:
      @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) ->
      Void
  ) {
    // A 401 with `WWW-Authenticate`: the fetcher has no credentials to offer, and waiting for
    // some would never end. The 401 itself is the answer; the session then cancels the task
    // (on this queue, so no completion can be reported meanwhile).
    guard let exchange = exchanges[task.taskIdentifier], exchange.markStoppedBySession() else {
      return
    }
    finish(exchange)
    completionHandler(.cancelAuthenticationChallenge, nil)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?
  ) {
    guard let exchange = exchanges.removeValue(forKey: task.taskIdentifier) else { return }
    exchange.markComplete()
    if let error {
      let error = error as? URLError ?? URLError(.unknown)
      var failure = HTTPFetchError(error, url: exchange.request.url, deadline: exchange.deadline)
      // A transfer that fails after the head arrived broke midway (curl says "transfer closed
      // with N bytes remaining", URLError -1).
      if failure.reason == .failed, exchange.response != nil { failure.reason = .connectionLost }
      exchange.finish(.failure(failure))
    } else {
      finish(exchange)
    }
    exchange.body = Data()
  }

  /// Hands the answer received so far to the caller.
  private func finish(_ exchange: FetchExchange) {
    guard let response = exchange.response as? HTTPURLResponse else {
      exchange.fail(.brokenResponse)
      return
    }
    exchange.finish(.success((exchange.body, response)))
  }
}
