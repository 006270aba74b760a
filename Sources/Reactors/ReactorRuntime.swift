/// The engine of one reactor: its state, observers and running effects.
///
/// Declare it once in every reactor, as `let runtime = Runtime()`, and never share it. Because
/// the reactor owns it, releasing the reactor releases it, which cancels every effect and ends
/// every state sequence, on every platform — no global table, no associated objects.
public struct ReactorRuntime<Action: Sendable, Mutation: Sendable, State: Sendable>: Sendable {
  @usableFromInline let storage: RuntimeStorage<Action, Mutation, State>

  @usableFromInline init(storage: RuntimeStorage<Action, Mutation, State>) {
    self.storage = storage
  }

  /// Makes the runtime of a new reactor.
  public init() {
    storage = RuntimeStorage(diagnostics: nil, recorder: nil)
  }

  /// Makes the runtime of a new reactor that reports everything it does to `diagnostics`.
  ///
  /// ```swift
  /// let runtime = Runtime(diagnostics: .print())
  /// ```
  public init(diagnostics: ReactorDiagnostics<Action, Mutation, State>) {
    storage = RuntimeStorage(diagnostics: diagnostics, recorder: nil)
  }

  /// Makes the runtime of a new reactor that records every action sent to it and every mutation
  /// it reduces to `recorder` (see <doc:RecordingAndReplaying>).
  ///
  /// ```swift
  /// let runtime = Runtime(recorder: .jsonLines(for: SearchReactor.self) { print($0) })
  /// ```
  public init(recorder: ReactorRecorder<Action, Mutation>) {
    storage = RuntimeStorage(diagnostics: nil, recorder: recorder)
  }

  /// Makes the runtime of a new reactor that reports to `diagnostics` and records to `recorder`,
  /// each if given: what a reactor whose initializer takes both, optionally, passes on.
  ///
  /// ```swift
  /// init(diagnostics: ReactorDiagnostics<Action, Mutation, State>? = nil,
  ///      recorder: ReactorRecorder<Action, Mutation>? = nil) {
  ///   runtime = Runtime(diagnostics: diagnostics, recorder: recorder)
  /// }
  /// ```
  public init(
    diagnostics: ReactorDiagnostics<Action, Mutation, State>?,
    recorder: ReactorRecorder<Action, Mutation>?
  ) {
    storage = RuntimeStorage(diagnostics: diagnostics, recorder: recorder)
  }
}
