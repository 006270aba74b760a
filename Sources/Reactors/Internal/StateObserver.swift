/// A synchronous observer registered with `Reactor.observe(_:)`, known by its token.
@usableFromInline struct StateObserver<State> {
  @usableFromInline let token: ObjectIdentifier
  @usableFromInline let receive: @Sendable (State) -> Void

  @usableFromInline init(token: ObjectIdentifier, receive: @escaping @Sendable (State) -> Void) {
    self.token = token
    self.receive = receive
  }
}
