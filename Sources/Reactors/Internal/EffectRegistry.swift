/// The running effects of one reactor and the cancellation rules between them.
///
/// A value type: each event is a `mutating` method, called under the runtime's lock, that updates
/// the bookkeeping and records in `work` what must be done once the lock is released (cancel
/// tasks, resume waiting ones). It never calls user code, except the `take(until:)` predicates.
@usableFromInline struct EffectRegistry<Action: Sendable> {
  /// Every scope that was registered and has not finished; a cancelled scope stays until its task
  /// has returned, so "no effect is running" means no task of this reactor is left.
  ///
  /// In no order: each scope knows its index, and the last one takes the place of one that
  /// leaves, so inserting and removing hash nothing and touch no other scope's reference count.
  @usableFromInline private(set) var running: [EffectScope] = []
  /// How many scopes are in the list.
  @inlinable var runningCount: Int { running.count }
  /// The runs of each id that has any.
  @usableFromInline private(set) var groups: [EffectID: EffectGroup] = [:]
  /// The group registered under last, tried before `groups` so that a burst of runs under one id
  /// hashes nothing. Still in `groups` while it is not empty: only empty groups are dropped.
  private var lastGroup: EffectGroup?
  /// `take(until:)` scopes and their predicates. The caller runs the predicates (user code)
  /// on a copy, outside any mutation of the registry, then cancels the matching scopes.
  @usableFromInline private(set) var stopConditions:
    [(scope: EffectScope, matches: @Sendable (Action) -> Bool)] = []
  /// Side effects to perform after the lock is released.
  @usableFromInline var work = DeferredWork()
  /// Whether the reactor has ended (`endAll()`): a scope registered from then on is cancelled as
  /// it comes, since its work was decided by a step that ran while the reactor ended, and no
  /// `.queue` run is granted its turn any more.
  private var hasEnded = false

  @usableFromInline init() {}

  /// Whether some side effect waits for the lock to be released.
  @inlinable var hasWork: Bool { !work.isEmpty }

  /// Whether some `take(until:)` work is waiting for a matching action.
  @inlinable var hasStopConditions: Bool { stopConditionCount > 0 }
  /// `stopConditions.count`, kept beside it: the array's element type depends on `Action`, so in
  /// the registry's unspecialised methods even `isEmpty` looked up generic metadata on each call
  /// (callgrind), and this is read on every action.
  @usableFromInline var stopConditionCount = 0

  /// Hands over the deferred side effects, to perform once the lock is released.
  @usableFromInline mutating func takeWork() -> DeferredWork {
    defer { work = DeferredWork() }
    return work
  }

  /// The outcome of registering scoped work.
  @usableFromInline enum Registration {
    /// Run the work now, inside the returned scope.
    case start(EffectScope)
    /// Drop the work: `.exhaust` and one is already running.
    case skip
    /// Run the work once the returned scope's turn comes (`.queue`).
    case wait(EffectScope)
  }

  /// How scoped work may be cancelled, as resolved from what `mutate` wrote.
  @usableFromInline enum Rule {
    /// Cancelled only with its enclosing scope (the task of a `run`).
    case plain
    /// `take(until:)`: cancelled when a later action matches.
    case stop(@Sendable (Action) -> Bool)
    /// `cancellable(id:policy:)`.
    case cancellable(EffectID, CancellationPolicy)
  }

  @usableFromInline var isEmpty: Bool { runningCount == 0 }

  /// Registers scoped work under `rule`.
  @usableFromInline mutating func register(_ rule: Rule, parent: EffectScope?) -> Registration {
    switch rule {
    case .plain:
      return .start(registerPlain(parent: parent))
    case .stop(let matches):
      return .start(registerStop(parent: parent, matches: matches))
    case .cancellable(let id, let policy):
      return registerCancellable(id: id, policy: policy, parent: parent)
    }
  }

  /// Registers a scope for a task that has no cancellation rule of its own.
  @usableFromInline mutating func registerPlain(parent: EffectScope?) -> EffectScope {
    let scope = EffectScope(parent: parent, policy: .merge)
    insertRunning(scope)
    return scope
  }

  /// Registers a scope made by its task (a plain top-level `run`): it has no rule of its own.
  @usableFromInline mutating func registerPlain(_ scope: EffectScope) {
    insertRunning(scope)
  }

  /// Registers `take(until:)` work.
  @usableFromInline mutating func registerStop(
    parent: EffectScope?, matches: @escaping @Sendable (Action) -> Bool
  ) -> EffectScope {
    let scope = registerPlain(parent: parent)
    stopConditions.append((scope, matches))
    stopConditionCount = stopConditions.count
    return scope
  }

  /// Registers `cancellable(id:policy:)` work, applying its policy to the runs already in flight.
  @usableFromInline mutating func registerCancellable(
    id: EffectID, policy: CancellationPolicy, parent: EffectScope?
  ) -> Registration {
    let group: EffectGroup
    if let last = lastGroup, !last.isEmpty, last.id == id {
      group = last
    } else {
      group = groups[id] ?? makeGroup(id)
      lastGroup = group
    }
    switch policy {
    case .merge:
      break
    case .latest:
      // Switch-latest: whatever runs or waits under this id is superseded. A run still waiting in
      // the lane never started, though: the new run takes its scope over, and its place in the
      // lane (`RuntimeStorage.schedule`), instead of cancelling it and registering another.
      let handedOver = group.lane?.takeWaitingScope(parent: parent)
      if let handedOver, let index = group.running.firstIndex(where: { $0 === handedOver }) {
        group.running.remove(at: index)
      }
      cancel(group)
      // Cancelling the last run forgets the emptied group; the new run belongs to it, so it must
      // stay findable, or the next run under this id would not cancel this one.
      if group.isEmpty { groups[id] = group }
      if let handedOver {
        group.running.append(handedOver)
        return .start(handedOver)
      }
    case .exhaust:
      // The run in flight wins; the new one never starts.
      if !group.running.isEmpty { return .skip }
    case .queue:
      if !group.running.isEmpty || !group.waiting.isEmpty {
        let scope = EffectScope(parent: parent, policy: policy)
        scope.turn = .waiting(nil)
        scope.group = group
        insertRunning(scope)
        group.waiting.append(scope)
        return .wait(scope)
      }
    }
    let scope = EffectScope(parent: parent, policy: policy)
    scope.group = group
    insertRunning(scope)
    group.running.append(scope)
    return .start(scope)
  }

  /// Records the task that runs `scope`; a scope cancelled before its task existed cancels it now.
  @usableFromInline mutating func attach(_ task: Task<Void, Never>, to scope: EffectScope) {
    scope.task = task
    if !scope.isActive { work.cancel(task) }
  }

  /// Cancels every run and every waiting run registered under `id`.
  @usableFromInline mutating func cancel(id: EffectID) {
    if let group = groups[id] { cancel(group) }
  }

  private mutating func cancel(_ group: EffectGroup) {
    // Waiting runs first: cancelling the running one would hand its turn to the next in line.
    // Each cancel takes its scope out of the group: looping over the arrays instead would copy
    // them at the first removal.
    for _ in group.waiting.indices { cancel(group.waiting[0]) }
    for _ in group.running.indices { cancel(group.running[0]) }
  }

  /// Forgets `group` once nothing is registered under its id any more.
  @usableFromInline mutating func dropIfEmpty(_ group: EffectGroup) {
    if group.isEmpty, groups[group.id] === group { groups[group.id] = nil }
  }

  /// Cancels one scope: from now on its emissions are dropped, and its task is cancelled once the
  /// lock is released.
  @usableFromInline mutating func cancel(_ scope: EffectScope) {
    guard !scope.isCancelled, !scope.isFinished else { return }
    scope.isCancelled = true
    if let task = scope.task { work.cancel(task) }
    if case .waiting(let continuation?) = scope.turn {
      work.resume(continuation, granted: false)
    }
    scope.turn = .granted
    forget(scope)
  }

  /// Records that `scope`'s work has ended; the next `.queue` run of its id gets its turn.
  @usableFromInline mutating func finish(_ scope: EffectScope) {
    guard !scope.isFinished else { return }
    scope.isFinished = true
    removeRunning(scope)
    forget(scope)
  }

  /// Decides whether a `.queue` scope may run, or stores the continuation that waits for its turn.
  ///
  /// - Returns: `true` to run now, `false` if cancelled, `nil` if the continuation was stored.
  @usableFromInline mutating func awaitTurn(
    of scope: EffectScope, continuation: UnsafeContinuation<Bool, Never>
  ) -> Bool? {
    if scope.isCancelled || !scope.isActive { return false }
    guard case .waiting = scope.turn else { return true }
    scope.turn = .waiting(continuation)
    return nil
  }

  /// Cancels everything; used when the reactor is released.
  @usableFromInline mutating func cancelAll() {
    for scope in running {
      scope.isCancelled = true
      if let task = scope.task { work.cancel(task) }
      if case .waiting(let continuation?) = scope.turn {
        work.resume(continuation, granted: false)
      }
      scope.turn = .granted
    }
    for group in groups.values {
      // Scopes and groups point to each other: break the cycles.
      for scope in group.running + group.waiting { scope.group = nil }
      group.running = []
      group.waiting = []
      group.lane = nil
    }
    clearRunning()
    groups = [:]
    stopConditions = []
    stopConditionCount = 0
  }

  /// Cancels every scope, and every one registered from now on: the reactor has ended.
  @usableFromInline mutating func endAll() {
    hasEnded = true
    for scope in running { cancel(scope) }
  }

  private mutating func insertRunning(_ scope: EffectScope) {
    // Cancelled, it stays until its task returns, like any other; its task is cancelled when it
    // is attached, and a `.queue` run never gets its turn.
    if hasEnded { scope.isCancelled = true }
    scope.runningIndex = running.count
    running.append(scope)
  }

  private mutating func removeRunning(_ scope: EffectScope) {
    guard let index = scope.runningIndex else { return }
    scope.runningIndex = nil
    let last = running.removeLast()
    guard index < running.count else { return }
    last.runningIndex = index
    running[index] = last
  }

  private mutating func clearRunning() {
    for scope in running { scope.runningIndex = nil }
    running = []
  }

  private mutating func makeGroup(_ id: EffectID) -> EffectGroup {
    let group = EffectGroup(id: id)
    groups[id] = group
    return group
  }

  /// Removes a cancelled or finished scope from the tables that decide policies.
  private mutating func forget(_ scope: EffectScope) {
    if stopConditionCount > 0 {
      stopConditions.removeAll { $0.scope === scope }
      stopConditionCount = stopConditions.count
    }
    guard let group = scope.group else { return }
    scope.group = nil
    defer { dropIfEmpty(group) }
    if let index = group.waiting.firstIndex(where: { $0 === scope }) {
      group.waiting.remove(at: index)
      return
    }
    guard let index = group.running.firstIndex(where: { $0 === scope }) else { return }
    group.running.remove(at: index)
    // A `.queue` line moves on when its running scope is gone; not once the reactor has ended,
    // whose waiting runs are all cancelled and must never start.
    if group.running.isEmpty, !group.waiting.isEmpty, !hasEnded {
      let next = group.waiting.removeFirst()
      group.running.append(next)
      if case .waiting(let continuation?) = next.turn {
        work.resume(continuation, granted: true)
      }
      next.turn = .granted
    }
  }
}
