extension Reactor {
  /// One member of the state: its current value, then each time it changes.
  ///
  /// ReactorKit's `reactor.state.map { $0.isLoading }.distinctUntilChanged()`, in one call. Any
  /// key path works, a computed property or a nested member too. The sequence has the lifetime
  /// of ``state``: it ends when the reactor is released and does not keep it alive.
  ///
  /// ```swift
  /// for await isLoading in reactor.state(\.isLoading) { spinner.isHidden = !isLoading }
  /// ```
  public func state<Value: Sendable & Equatable>(
    _ member: KeyPath<State, Value> & Sendable
  ) -> StateMemberSequence<State, Value> {
    StateMemberSequence(states: self.state, member: member, isSame: { $0 == $1 })
  }

  /// One member of the state that is not `Equatable`: its value in the current state, then in
  /// every new state, since a change cannot be told from a repeat.
  public func state<Value: Sendable>(
    _ member: KeyPath<State, Value> & Sendable
  ) -> StateMemberSequence<State, Value> {
    StateMemberSequence(states: self.state, member: member, isSame: nil)
  }

  /// Calls `observer` with a member's current value now, then synchronously each time it
  /// changes.
  ///
  /// The synchronous counterpart of `state(_:)`, with the timing of ``observe(_:)``: each call
  /// happens before the `send` that changed the member returns. The observer stays registered
  /// until the returned object is released or cancelled.
  ///
  /// ```swift
  /// let loading = reactor.observe(\.isLoading) { isLoading in spinner.isHidden = !isLoading }
  /// ```
  public func observe<Value: Sendable & Equatable>(
    _ member: KeyPath<State, Value> & Sendable,
    _ observer: @escaping @Sendable (Value) -> Void
  ) -> StateObservation {
    let last = Locked<Value?>.make(nil)
    return observe { state in
      let value = state[keyPath: member]
      let isChange = last.withLock { last in
        defer { last = value }
        return last.map { $0 != value } ?? true
      }
      if isChange { observer(value) }
    }
  }

  /// Calls `observer` with a member that is not `Equatable` now, then synchronously with its
  /// value in every new state.
  public func observe<Value: Sendable>(
    _ member: KeyPath<State, Value> & Sendable,
    _ observer: @escaping @Sendable (Value) -> Void
  ) -> StateObservation {
    observe { state in observer(state[keyPath: member]) }
  }
}
