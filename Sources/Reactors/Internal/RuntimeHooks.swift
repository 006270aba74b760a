/// Diagnostics, the probe of `ReactorsTesting`, stub mode and effect tracking. Only reactors that
/// use one pay for them: they live in `RuntimeExtras`.
@usableFromInline
struct RuntimeHooks<Action: Sendable, Mutation: Sendable, State: Sendable>: Sendable {
  var diagnostics: ReactorDiagnostics<Action, Mutation, State>?
  var probe: ReactorDiagnostics<Action, Mutation, State>?
  /// In stub mode, receives every action instead of `mutate`.
  @usableFromInline var stub: (@Sendable (Action) -> Void)?
  /// Counts the tasks this runtime started, for leak checks.
  var tracker: EffectTracker?

  init(diagnostics: ReactorDiagnostics<Action, Mutation, State>? = nil) {
    self.diagnostics = diagnostics
  }

  /// Counts a task this runtime starts, for leak checks.
  ///
  /// - Returns: What the task tells when it ends.
  @usableFromInline func countTaskStart() -> TaskCount {
    tracker?.taskStarted()
    return TaskCount(tracker: tracker)
  }

  /// Whether the hooks see anything; an empty value is not kept.
  var isEmpty: Bool { diagnostics == nil && probe == nil && stub == nil && tracker == nil }

  /// Hands an event to the diagnostics and the probe; user code, so never with a lock held.
  @usableFromInline func report(_ kind: DiagnosticEvent<Action, Mutation, State>.Kind) {
    diagnostics?.report(kind)
    probe?.report(kind)
  }

  /// Reports a mutation and the state it produced.
  @usableFromInline func report(_ mutation: Mutation, _ state: State) {
    report(.mutation(mutation))
    report(.state(state))
  }
}
