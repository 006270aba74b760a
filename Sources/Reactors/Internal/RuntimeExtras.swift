/// What only some reactors use — `transform` hooks, diagnostics, test hooks, a recorder,
/// children — in one box that `RuntimeMachine` allocates the first time one is needed.
@usableFromInline
final class RuntimeExtras<Action: Sendable, Mutation: Sendable, State: Sendable>:
  @unchecked Sendable
{
  // Safe: the runtime's lock guards every field but the intake (its own lock), the pipeline and the
  // recorder, set once before any other thread sees them: the step's owner reads those unlocked.
  // `calls` is read and written only by the thread that holds the step (`didSet` too).

  /// The listeners after the first, in subscription order; a change drops their `calls`.
  @usableFromInline var otherListeners: [Listeners<State>.Other] = [] { didSet { calls = nil } }
  private var calls: [ListenerCall<State>]?
  /// How the step's owner calls `otherListeners` (`ListenerCall`), made anew after a change.
  @usableFromInline func currentCalls() -> [ListenerCall<State>] {
    if let calls { return calls }
    calls = otherListeners.map(ListenerCall.init)
    return calls!
  }
  /// The relays of the overridden `transform` hooks.
  @usableFromInline var pipeline: Pipeline<Action, Mutation, State>?
  /// With `transform(state:)`, the last state out of it: what new listeners get first.
  var published: State?
  /// The configured diagnostics and the test store's probe, in that order.
  var diagnostics: [ReactorDiagnostics<Action, Mutation, State>] = []
  var configured: ReactorDiagnostics<Action, Mutation, State>? { didSet { listDiagnostics() } }
  var probe: ReactorDiagnostics<Action, Mutation, State>? { didSet { listDiagnostics() } }
  /// Stub mode: every action goes here instead of `mutate`.
  var stub: (@Sendable (Action) -> Void)?
  /// Counts the tasks the runtime starts, for leak checks and test stores.
  var tracker: EffectTracker?
  /// Records actions as sent and mutations as reduced.
  var recorder: RecordingSession<Action, Mutation>?
  /// The owner's thread while it feeds a hook: what that returns at once is performed in the step.
  var relayingThread: ThreadIdentity?
  /// The actor the value being handed to a hook was sent from: an action the hook delivers at
  /// once starts its effects there. Only the step's owner reads or writes it.
  @usableFromInline var relayedIsolation: (any Actor)?
  /// Running effects and their cancellation rules.
  @usableFromInline var effects = EffectTable()
  /// The attached children; ending them is the parent's to do.
  var children: ChildRegistry?
  /// Work that arrived while a step ran, in order, for the step's owner (`Intake.swift`).
  @usableFromInline let intake = Locked.make(Intake<StepWork<Action, Mutation, State>>())
  /// Listeners removed by threads that found the step owned by another, for the owner to let go.
  var pendingRemovals: [ObjectIdentifier] = []
  /// The reactor ended while another thread owned the step: that thread lets every listener go.
  var removesAllListeners = false
  /// Told the state as an armed step ends, and as the reactor goes (`Reactor+StepWatching.swift`).
  @usableFromInline var watcher: (@Sendable (_ state: State, _ isLast: Bool) -> Void)?

  @usableFromInline init() {}

  /// Whether nothing here changes a step (a tracker would: the plain path counts no task).
  var isPlain: Bool {
    pipeline == nil && diagnostics.isEmpty && stub == nil && recorder == nil && tracker == nil
  }

  /// Keeps `diagnostics` the list of `configured` and `probe`.
  private func listDiagnostics() { diagnostics = [configured, probe].compactMap { $0 } }
}
