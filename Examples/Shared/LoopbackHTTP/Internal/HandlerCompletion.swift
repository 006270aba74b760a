import Foundation

/// Where a handler's task leaves its response for the connection thread, waking it through a
/// pipe.
///
/// The connection ``detach()``es before it closes the pipe, so a handler that finishes late (after
/// a disconnect or a stop) never writes to a descriptor number that may have been reused.
final class HandlerCompletion: @unchecked Sendable {
  // Safe: `response` and `wake` are only touched with `lock` held.

  private let lock = NSLock()
  private var response: HTTPResponse?
  private var wake: WakePipe?

  /// Makes a completion that signals `wake` when the response arrives.
  init(wake: WakePipe) {
    self.wake = wake
  }

  /// Stores the handler's response and wakes the connection thread, if it still listens.
  func finish(with response: HTTPResponse) {
    lock.withLock {
      self.response = response
      wake?.signal()
    }
  }

  /// The response, once the handler has returned.
  var result: HTTPResponse? {
    lock.withLock { response }
  }

  /// Stops signalling the pipe; call before closing it.
  func detach() {
    lock.withLock { wake = nil }
  }
}
