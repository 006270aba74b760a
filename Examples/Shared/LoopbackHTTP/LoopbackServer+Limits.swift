extension LoopbackServer {
  /// What one server accepts; tests shrink the limits so that abuse is cheap to provoke.
  public struct Limits: Sendable {
    /// The most connections open at once (64); past it, a new one replaces the longest waiter.
    public var maximumConnectionCount = 64
    /// How long a connection may take to send a whole request, or to read an answer (30 s).
    public var idleTimeout: Duration = .seconds(30)
    /// The largest request head (64 KiB); a larger one gets 431.
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
