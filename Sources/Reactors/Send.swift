/// Emits mutations from asynchronous work started with ``Mutations/run(_:catch:)``.
///
/// Call it like a function: `send(.setResults(results))`. A mutation sent after the work was
/// cancelled, after it finished, or after the reactor was released is dropped.
public struct Send<Mutation: Sendable>: Sendable {
  @usableFromInline let emit: @Sendable (Mutation, (any Actor)?) -> Void

  /// Makes a `Send` that hands every mutation to `emit`; for driving effects in tests.
  public init(_ emit: @escaping @Sendable (Mutation) -> Void) {
    self.emit = { mutation, _ in emit(mutation) }
  }

  /// Makes a `Send` that is told the actor each mutation was sent from.
  @inlinable init(emitting emit: @escaping @Sendable (Mutation, (any Actor)?) -> Void) {
    self.emit = emit
  }

  /// Applies `mutation` unless the work was cancelled.
  ///
  /// Sent from an actor with no other thread in the middle of a step, the mutation is reduced
  /// and observed on that actor before the call returns.
  ///
  /// - Parameters:
  ///   - mutation: The mutation.
  ///   - isolation: The caller's actor; leave it to its default, the caller's isolation.
  public func callAsFunction(
    _ mutation: Mutation, isolation: isolated (any Actor)? = #isolation
  ) {
    emit(mutation, isolation)
  }
}
