/// One entry of a ``LoopbackServer``'s request log: a request and what became of it.
///
/// A record is added, ``Outcome/pending``, once the request has been read in full; its outcome
/// changes once, when the exchange ends.
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
  /// The number of the connection the request arrived on, from 0 in order of acceptance:
  /// requests with the same number shared a kept-alive connection.
  public var connection: Int
  /// The request as the handler received it, but without its body, and with the values of
  /// `Authorization`, `Proxy-Authorization` and `Cookie` replaced by `<redacted>`.
  public var request: HTTPRequest
  /// What became of the request so far.
  public var outcome: Outcome
}
