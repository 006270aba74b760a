/// What the accept loop and every connection of one server share.
final class ServerContext: Sendable {
  /// The largest request head accepted; a larger one gets 431.
  static let maximumHeadByteCount = 64 * 1024
  /// The largest request body accepted; a larger `Content-Length` gets 413.
  static let maximumBodyByteCount = 16 * 1024 * 1024

  /// The application's handler.
  let handler: @Sendable (HTTPRequest) async -> HTTPResponse
  /// The request log.
  let log = RequestLog()
  /// Signalled once, when the server stops, and never drained: every poller sees it.
  let stopSignal: WakePipe
  /// The accept thread and the connection threads.
  let threads = ThreadGroup()

  init(stopSignal: WakePipe, handler: @escaping @Sendable (HTTPRequest) async -> HTTPResponse) {
    self.stopSignal = stopSignal
    self.handler = handler
  }

  deinit {
    // Every thread that polls the pipe holds this context, so none is left to read it.
    stopSignal.close()
  }
}
