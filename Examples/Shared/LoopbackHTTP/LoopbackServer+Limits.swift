extension LoopbackServer {
  /// What one server accepts: how many connections, how long they may idle, how large a request
  /// may be, and how many requests its log keeps.
  ///
  /// Tests shrink them so that abuse is cheap to provoke:
  ///
  /// ```swift
  /// var limits = LoopbackServer.Limits()
  /// limits.idleTimeout = .milliseconds(200)
  /// let server = try LoopbackServer(limits: limits) { _ in .text("ok") }
  /// ```
  public struct Limits: Sendable {
    /// The most connections open at once. When all are taken, a new connection replaces the one
    /// that has waited longest for a request; connections whose request is being answered are
    /// never replaced (new ones then wait in the listen backlog).
    public var maximumConnectionCount = 64
    /// How long a connection may take to send a complete request, counted from when it opened
    /// or its last answer was written (bytes trickling in do not extend it), and how long a
    /// client may take to read an answer; past it, the connection is closed.
    public var idleTimeout: Duration = .seconds(30)
    /// The largest request head (request line and header fields); a larger one gets 431.
    public var maximumHeadByteCount = 64 * 1024
    /// The most header fields in one request; more get 431.
    public var maximumHeaderCount = 100
    /// The largest request body; a larger `Content-Length` gets 413.
    public var maximumBodyByteCount = 1024 * 1024
    /// How many requests ``LoopbackServer/requests`` keeps, the most recent ones.
    public var logCapacity = 1000

    /// The defaults: 64 connections, 30 s, 64 KiB heads of 100 fields, 1 MiB bodies, 1000
    /// records.
    public init() {}
  }
}
