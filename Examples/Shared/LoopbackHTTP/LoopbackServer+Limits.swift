extension LoopbackServer {
  /// What one server accepts. Tests shrink them so that abuse is cheap to provoke:
  ///
  /// ```swift
  /// var limits = LoopbackServer.Limits()
  /// limits.idleTimeout = .milliseconds(200)
  /// let server = try LoopbackServer(limits: limits) { _ in .text("ok") }
  /// ```
  public struct Limits: Sendable {
    /// The most connections open at once (64). Past it, a new connection replaces the one that
    /// has waited longest for a request; connections being answered are never replaced.
    public var maximumConnectionCount = 64
    /// How long a connection may take to send a complete request, counted from when it opened or
    /// was last answered, and a client to read an answer (30 s); then it is closed.
    public var idleTimeout: Duration = .seconds(30)
    /// The largest request head, request line and fields (64 KiB); a larger one gets 431.
    public var maximumHeadByteCount = 64 * 1024
    /// The most header fields in one request (100); more get 431.
    public var maximumHeaderCount = 100
    /// The largest request body (1 MiB); a larger `Content-Length` gets 413.
    public var maximumBodyByteCount = 1024 * 1024
    /// How many requests ``LoopbackServer/requests`` keeps, the most recent ones (1000).
    public var logCapacity = 1000

    /// Makes the defaults.
    public init() {}
  }
}
