/// The engine of one reactor: its state, observers and running effects.
///
/// Declare it once in every reactor, as `let runtime = Runtime()`, and never share it. Because
/// the reactor owns it, releasing the reactor releases it, which cancels every effect and ends
/// every state sequence, on every platform — no global table, no associated objects.
public struct ReactorRuntime<Action: Sendable, Mutation: Sendable, State: Sendable>:
  @unchecked Sendable
{
  // Safe: `RuntimeStorage` reaches its machine only with its lock held, but for what only the
  // thread that owns the step writes, and that thread reads (`ownerState`, and the extras'
  // `pipeline` and `recorder`, written once before the runtime is shared): so it may be used from
  // any thread. It cannot say so itself, as `ManagedBuffer` is marked non-`Sendable`. The whole
  // suite runs under ThreadSanitizer in CI (`ConcurrencyTests`, `StressTests`).
  @usableFromInline let storage: RuntimeStorage<Action, Mutation, State>

  init(storage: RuntimeStorage<Action, Mutation, State>) {
    self.storage = storage
  }

  /// Makes the runtime of a new reactor.
  public init() {
    storage = RuntimeStorage.make(diagnostics: nil, recorder: nil)
  }

  /// Makes the runtime of a new reactor that reports everything it does to `diagnostics`.
  ///
  /// ```swift
  /// let runtime = Runtime(diagnostics: .print())
  /// ```
  public init(diagnostics: ReactorDiagnostics<Action, Mutation, State>) {
    storage = RuntimeStorage.make(diagnostics: diagnostics, recorder: nil)
  }

  /// Makes the runtime of a new reactor that records every action sent to it and every mutation
  /// it reduces to `recorder` (see <doc:RecordingAndReplaying>).
  ///
  /// ```swift
  /// let runtime = Runtime(recorder: .jsonLines(for: SearchReactor.self) { print($0) })
  /// ```
  public init(recorder: ReactorRecorder<Action, Mutation>) {
    storage = RuntimeStorage.make(diagnostics: nil, recorder: recorder)
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
    storage = RuntimeStorage.make(diagnostics: diagnostics, recorder: recorder)
  }
}
