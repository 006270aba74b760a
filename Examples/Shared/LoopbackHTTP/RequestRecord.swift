/// One entry of a ``LoopbackServer``'s request log: a request, once read in full, and what
/// became of it.
public struct RequestRecord: Sendable {
  /// What became of a request.
  public enum Outcome: Sendable, Equatable {
    /// The handler is running, its response is being written, or it stalls.
    case pending
    /// The whole response was written (the client may still not have read it).
    case responded(status: Int)
    /// The response was cut short on purpose (``HTTPResponse/closingConnection(afterBodyBytes:)``).
    case closedMidBody(status: Int)
    /// The client left before the response was written in full.
    case clientDisconnected
    /// The server stopped before the response was written in full.
    case serverStopped
  }

  /// The position of the request in the log, from 0.
  public var index: Int
  /// The number of the connection the request arrived on, from 0 in order of acceptance.
  public var connection: Int
  /// The request without its body, and `<redacted>` for `Authorization`,
  /// `Proxy-Authorization` and `Cookie`.
  public var request: HTTPRequest
  /// What became of the request so far.
  public var outcome: Outcome
}
