/// Emits mutations from asynchronous work started with ``Mutations/run(_:catch:)``.
///
/// Call it like a function: `send(.setResults(results))`. A mutation sent after the work was
/// cancelled, after it finished, or after the reactor was released is dropped.
public struct Send<Mutation: Sendable>: Sendable {
  let emit: @Sendable (Mutation) -> Void

  /// Makes a `Send` that hands every mutation to `emit`; for driving effects in tests.
  public init(_ emit: @escaping @Sendable (Mutation) -> Void) {
    self.emit = emit
  }

  /// Applies `mutation` unless the work was cancelled.
  public func callAsFunction(_ mutation: Mutation) {
    emit(mutation)
  }
}
