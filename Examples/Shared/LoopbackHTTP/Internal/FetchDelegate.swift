import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The session delegate of an ``HTTPFetcher``: it starts tasks and hands what the session
/// delivers to each task's ``FetchExchange``; stops go to a stop queue of their own.
final class FetchDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  // Safe: `exchanges` (and each exchange's `response` and `body`) are only touched on the
  // fetcher's serial delegate queue, where the session calls every method below and the fetcher
  // enqueues `start`; `HTTPFetcherTests` runs them under ThreadSanitizer.

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
    if response.expectedContentLength > exchange.maximumBodyByteCount {
      refuseBody(of: exchange)
    } else if response.expectedContentLength > 0 {
      exchange.body.reserveCapacity(Int(response.expectedContentLength))
    }
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    guard let exchange = exchanges[dataTask.taskIdentifier], !exchange.isFinished else { return }
    guard exchange.body.count + data.count <= exchange.maximumBodyByteCount else {
      return refuseBody(of: exchange)
    }
    exchange.body.append(data)
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    // NB: never answered after a stop (FoundationNetworking traps on that); a caller that gives
    // up always issues a stop.
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
      @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
  ) {
    // A 401 with `WWW-Authenticate`: with no credentials to offer, the 401 is the answer. The
    // session then cancels the task itself, on this queue.
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
      var failure = HTTPFetchError(
        error as? URLError ?? URLError(.unknown), url: exchange.request.url,
        deadline: exchange.deadline)
      // A failure after the head arrived broke midway (curl's "transfer closed with N bytes
      // remaining" is URLError -1).
      if failure.reason == .failed, exchange.response != nil { failure.reason = .connectionLost }
      exchange.finish(.failure(failure))
    } else {
      finish(exchange)
    }
    exchange.body = Data()
  }

  private func refuseBody(of exchange: FetchExchange) {
    exchange.body = Data()
    exchange.fail(.bodyTooLarge(limit: exchange.maximumBodyByteCount))
    stop(exchange)
  }

  /// Hands the answer received so far to the caller.
  private func finish(_ exchange: FetchExchange) {
    if let response = exchange.response as? HTTPURLResponse {
      exchange.finish(.success((exchange.body, response)))
    } else {
      exchange.fail(.brokenResponse)
    }
  }
}
