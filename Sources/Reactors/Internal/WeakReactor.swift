/// A reactor held weakly, for a task that must not keep it alive while it waits (R9).
@usableFromInline struct WeakReactor<R: Reactor>: Sendable {
  @usableFromInline weak let reactor: R?

  @inlinable init(_ reactor: R) { self.reactor = reactor }
}
