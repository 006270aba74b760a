/// A reactor's running effects and their cancellation rules, in `RuntimeMachine` under its lock.
/// Each method, an event, updates the table and returns what to do unlocked (`FollowUp`), never
/// calling out. Not generic (compiled once, no metadata): actions and work are type-erased.
@usableFromInline struct EffectTable {
  /// Every unfinished scope, at its `EffectScope.slot` (nothing is hashed; no other scope is
  /// touched), with the free slots. A cancelled scope stays until its task returns, so "no effect
  /// is running" means no task is left.
  private var (running, freeSlots): ([EffectScope?], [Int]) = ([], [])
  /// How many scopes run.
  private(set) var runningScopes = 0
  /// The runs of each id that has any.
  private var groups: [EffectID: Group] = [:]
  /// The group looked up last, if it is still in `groups`: a burst of one id's runs hashes nothing.
  private var lastGroup: (id: EffectID, group: Group)?
  /// `take(until:)` scopes and their predicates.
  private(set) var stops: [(scope: EffectScope, matches: @Sendable (Any) -> Bool)] = []
  /// Tasks waiting in `waitUntilIdle()`, by the id of their wait.
  private var idleWaiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
  /// Open slots whose task has not taken them yet: work that counts as running.
  private(set) var slotsWaitingForTasks = 0
  /// Whether the reactor has ended: a scope registered from now on is cancelled as it comes.
  private(set) var hasEnded = false
  /// Each throttled id's window, kept across runs: an interval outlives the run that opened it.
  private var throttles: [EffectID: AnyObject] = [:]

  /// The runs under one id; its scopes point to it, so that finishing one looks nothing up.
  final class Group {
    /// Running scopes, oldest first (for `.latest`, the one waiting in `open` too).
    var running: [EffectScope] = []
    /// `.queue` scopes waiting for their turn, oldest first.
    var waiting: [EffectScope] = []
    /// The `.latest` run whose task has not started yet: a newer run takes its place.
    var open: LatestSlot?

    var isEmpty: Bool { running.isEmpty && waiting.isEmpty && open == nil }
  }

  /// How scoped work may be cancelled, as resolved from what `mutate` wrote.
  @usableFromInline enum Rule {
    /// `take(until:)`, or no rule at all (`nil`).
    case stop((@Sendable (Any) -> Bool)?)
    case cancellable(EffectID, CancellationPolicy)
    /// `throttle(id:for:clock:latest:)`, at a time read already.
    case throttled(EffectID, Throttle.Arrival)
  }

  /// The outcome of registering scoped work.
  @usableFromInline enum Registration {
    /// Run the work now, in the scope.
    case start(EffectScope)
    /// Drop the work: `.exhaust` and a run is in flight, or the enclosing scope has ended.
    case skip
    /// Run the work once the scope's turn comes (`.queue`).
    case wait(EffectScope)
    /// Run the work in the scope once `wait` ends (a throttle's interval).
    case hold(EffectScope, until: Delay.Wait)
  }

  /// Whether no task is left: every scope has finished, and every open slot's task has started.
  var isIdle: Bool { runningScopes == 0 && slotsWaitingForTasks == 0 }

  /// How many runs are registered and not finished, counting an open slot's as one.
  var runningCount: Int { runningScopes + slotsWaitingForTasks }

  // MARK: - Registering

  /// Registers scoped work under `rule`, inside `parent`, in a scope `make` makes: the context of
  /// the task that will run it. No default: no other scope could run as a task's context.
  @usableFromInline mutating func register(
    _ rule: Rule, parent: EffectScope?, make: EffectScope.Maker
  ) -> (Registration, FollowUp) {
    if let parent, !parent.isActive { return (.skip, FollowUp()) }
    var followUp = FollowUp()
    switch rule {
    case .stop(let matches):
      let scope = insert(make(parent, nil))
      if let matches { stops.append((scope, matches)) }
      return (.start(scope), followUp)
    case .cancellable(let id, let policy):
      let group = group(id) ?? makeGroup(id)
      switch policy {
      case .latest:
        // Switch-latest: whatever runs or waits under this id is superseded.
        followUp = cancelAll(in: group, includingOpenSlot: true)
      case .exhaust where !group.running.isEmpty: return (.skip, followUp)
      case .queue where !group.running.isEmpty || !group.waiting.isEmpty:
        let scope = insert(make(parent, id))
        scope.turn = .waiting(nil)
        scope.group = group
        group.waiting.append(scope)
        return (.wait(scope), followUp)
      case .merge, .exhaust, .queue: break
      }
      return (.start(insert(make(parent, id), runningIn: group)), followUp)
    case .throttled(let id, let decide):
      let scope = make(parent, id)
      let (registration, replaced) = decide(&throttles[id], scope)
      if case .skip = registration {
        // The scope holds the user's action: released once the lock is.
        followUp.items.append(.release(scope))
        return (.skip, followUp)
      }
      // The run it displaces waits in a task of its own: cancelled, it never starts.
      if let replaced { followUp = cancel(replaced) }
      // Held or running, it is a run of the id: `cancel(id:)` reaches it.
      insert(scope, runningIn: group(id) ?? makeGroup(id))
      return (registration, followUp)
    }
  }

  /// Registers the scope of a plain top-level `run` with the task already running it.
  @usableFromInline mutating func registerPlain(
    _ scope: EffectScope, task: Task<Void, Never>
  ) -> FollowUp { attach(task, to: insert(scope)) }

  /// Records the task that runs `scope`; a scope cancelled before its task existed cancels it.
  @usableFromInline mutating func attach(
    _ task: Task<Void, Never>, to scope: EffectScope
  ) -> FollowUp {
    // One task runs a scope's work: a second one would run it twice.
    precondition(scope.task == nil, "Internal inconsistency: a second task for an effect's scope")
    scope.task = task
    var followUp = FollowUp()
    if !scope.isActive { followUp.items = [.cancel(task)] }
    return followUp
  }

  // MARK: - `.latest` runs waiting for a task

  /// Registers a top-level `.latest` run of `id` (work with no immediate part) in the id's open
  /// slot, superseding its started runs; the run it replaces there never starts, so a burst starts
  /// one task, with no scope until it takes its run. Returns the slot, for the caller to leave the
  /// work in under this hold, and whether it is new (the caller spawns its task); `nil` if ended.
  @usableFromInline mutating func registerLatest(
    id: EffectID, newSlot: (EffectID) -> LatestSlot
  ) -> (slot: LatestSlot, isNew: Bool, followUp: FollowUp)? {
    if hasEnded { return nil }
    let group = group(id) ?? makeGroup(id)
    let followUp = cancelAll(in: group, includingOpenSlot: false)
    if let open = group.open { return (open, false, followUp) }
    let slot = newSlot(id)
    group.open = slot
    slotsWaitingForTasks += 1
    return (slot, true, followUp)
  }

  /// The task of `slot` takes the newest run left there, in a scope `make` makes now, registered
  /// as a run of the id; `nil` if the slot was cancelled. The caller takes the work in this hold.
  @usableFromInline mutating func take(
    _ slot: LatestSlot, make: EffectScope.Maker
  ) -> (EffectScope?, FollowUp) {
    precondition(slot.isWaiting, "Internal inconsistency: a .latest slot's run taken twice")
    slot.isWaiting = false
    slotsWaitingForTasks -= 1
    guard let group = group(slot.id), group.open === slot else {
      // Cancelled: the task ends here, and with it perhaps the reactor's last work.
      var followUp = FollowUp()
      for waiter in takeIdleWaitersIfIdle() { followUp.items.append(.wake(waiter)) }
      return (nil, followUp)
    }
    group.open = nil
    let scope = insert(make(nil, slot.id), runningIn: group)
    slot.taken = scope
    scope.task = slot.task
    return (scope, FollowUp())
  }

  /// Records the task of `slot`, and attaches it to the run it took, if it took one already.
  @usableFromInline mutating func attach(
    _ task: Task<Void, Never>, to slot: LatestSlot
  ) -> FollowUp {
    precondition(slot.task == nil, "Internal inconsistency: a second task for a .latest slot")
    slot.task = task
    guard let scope = slot.taken, scope.task == nil else { return FollowUp() }
    return attach(task, to: scope)
  }

  // MARK: - Cancelling and finishing

  /// Cancels every run and waiting run registered under `id`.
  @usableFromInline mutating func cancel(id: EffectID) -> FollowUp {
    // A throttle cancelled starts afresh: its next run starts at once.
    throttles[id] = nil
    guard let group = group(id) else { return FollowUp() }
    defer { dropIfEmpty(group, id) }
    return cancelAll(in: group, includingOpenSlot: true)
  }

  /// Cancels one scope: from now on what it sends is dropped, and its task is cancelled.
  @usableFromInline mutating func cancel(_ scope: EffectScope) -> FollowUp {
    guard !scope.isCancelled, !scope.isFinished else { return FollowUp() }
    var followUp = FollowUp()
    revoke(scope, into: &followUp)
    followUp += forget(scope)
    return followUp
  }

  /// Flags a scope cancelled: its task is to be cancelled, and a turn it waits for is refused.
  private func revoke(_ scope: EffectScope, into followUp: inout FollowUp) {
    scope.isCancelled = true
    if let task = scope.task { followUp.items.append(.cancel(task)) }
    if case .waiting(let continuation?) = scope.turn {
      followUp.items.append(.resume(continuation, granted: false))
    }
    scope.turn = .granted
  }

  /// `scope`'s work ended or never runs: the next `.queue` run gets its turn; idle waits may end.
  @usableFromInline mutating func finish(_ scope: EffectScope) -> FollowUp {
    precondition(!scope.isFinished, "Internal inconsistency: an effect's scope finished twice")
    scope.isFinished = true
    let slot = scope.slot
    precondition(
      running.indices.contains(slot) && running[slot] === scope,
      "Internal inconsistency: an effect's scope finished but never registered")
    (running[slot], scope.slot) = (nil, -1)
    runningScopes -= 1
    freeSlots.append(slot)
    var followUp = forget(scope)
    for waiter in takeIdleWaitersIfIdle() { followUp.items.append(.wake(waiter)) }
    return followUp
  }

  /// Whether a `.queue` scope runs: `true`, `false` if cancelled, or `nil`: `continuation` is kept.
  mutating func awaitTurn(
    of scope: EffectScope, _ continuation: UnsafeContinuation<Bool, Never>
  ) -> Bool? {
    if !scope.isActive { return false }
    guard case .waiting(let kept) = scope.turn else { return true }
    // A run's task asks for its turn once: a continuation replaced here would never be resumed.
    precondition(kept == nil, "Internal inconsistency: a .queue run waits for its turn twice")
    scope.turn = .waiting(continuation)
    return nil
  }

  /// The reactor has ended: cancels every scope and open slot, and every one registered later.
  mutating func endAll() -> FollowUp {
    hasEnded = true
    var followUp = FollowUp()
    for case let scope? in running.reversed() { followUp += cancel(scope) }
    for group in groups.values { followUp += cancelAll(in: group, includingOpenSlot: true) }
    return followUp
  }

  // MARK: - Waiting until idle

  /// Keeps `continuation` until no scope is left; `false` if none is left now.
  mutating func addIdleWaiter(
    _ id: UInt64, _ continuation: CheckedContinuation<Void, Never>
  ) -> Bool {
    if isIdle { return false }
    // Each wait has an id of its own: a continuation replaced here would never be resumed.
    let replaced = idleWaiters.updateValue(continuation, forKey: id)
    precondition(replaced == nil, "Internal inconsistency: two idle waiters with one id")
    return true
  }

  mutating func removeIdleWaiter(_ id: UInt64) -> CheckedContinuation<Void, Never>? {
    idleWaiters.removeValue(forKey: id)
  }

  /// The idle waiters to resume, if no scope is left.
  mutating func takeIdleWaitersIfIdle() -> [CheckedContinuation<Void, Never>] {
    guard isIdle, !idleWaiters.isEmpty else { return [] }
    defer { idleWaiters = [:] }
    return Array(idleWaiters.values)
  }

  // MARK: - Private

  /// Adds `scope` to the running scopes and, if it is a run of `group`, to the group's runs.
  @discardableResult
  private mutating func insert(_ scope: EffectScope, runningIn group: Group? = nil) -> EffectScope {
    // Cancelled, it still stays until its task returns, like any other.
    if hasEnded { scope.isCancelled = true }
    scope.slot = freeSlots.popLast() ?? running.count
    if scope.slot < running.count { running[scope.slot] = scope } else { running.append(scope) }
    runningScopes += 1
    if let group {
      scope.group = group
      group.running.append(scope)
    }
    return scope
  }

  private mutating func cancelAll(in group: Group, includingOpenSlot: Bool) -> FollowUp {
    var followUp = FollowUp()
    if includingOpenSlot, let open = group.open {
      // Its task finds the slot closed and ends; the run it held never starts.
      group.open = nil
      followUp.items.append(.release(open.dropWork() as Any))
      if let task = open.task { followUp.items.append(.cancel(task)) }
    }
    // Only flagged, not forgotten: no `.queue` turn passes on, and the lists are emptied here.
    for scope in group.waiting where !scope.isCancelled && !scope.isFinished {
      scope.group = nil
      revoke(scope, into: &followUp)
    }
    for scope in group.running where !scope.isCancelled && !scope.isFinished {
      scope.group = nil
      revoke(scope, into: &followUp)
    }
    (group.waiting, group.running) = ([], [])
    return followUp
  }

  /// Removes a cancelled or finished scope from the tables that decide policies.
  private mutating func forget(_ scope: EffectScope) -> FollowUp {
    var followUp = FollowUp()
    if let index = stops.firstIndex(where: { $0.scope === scope }) {
      // The predicate is the user's closure: released once the lock is.
      followUp.items.append(.release(stops.remove(at: index).matches))
    }
    guard let group = scope.group, let id = scope.id else { return followUp }
    scope.group = nil
    defer { dropIfEmpty(group, id) }
    if let index = group.waiting.firstIndex(where: { $0 === scope }) {
      group.waiting.remove(at: index)
      return followUp
    }
    guard let index = group.running.firstIndex(where: { $0 === scope }) else {
      preconditionFailure("Internal inconsistency: an effect's scope missing from its id's group")
    }
    group.running.remove(at: index)
    // A `.queue` line moves on when its running scope is gone; not once the reactor has ended.
    guard group.running.isEmpty, !group.waiting.isEmpty, !hasEnded else { return followUp }
    let next = group.waiting.removeFirst()
    group.running.append(next)
    if case .waiting(let continuation?) = next.turn {
      followUp.items.append(.resume(continuation, granted: true))
    }
    next.turn = .granted
    return followUp
  }

  private mutating func makeGroup(_ id: EffectID) -> Group {
    let group = Group()
    (groups[id], lastGroup) = (group, (id, group))
    return group
  }

  /// The runs of `id`, if it has any: the group looked up last first, without hashing the id.
  private mutating func group(_ id: EffectID) -> Group? {
    if let lastGroup, lastGroup.id == id { return lastGroup.group }
    guard let group = groups[id] else { return nil }
    lastGroup = (id, group)
    return group
  }

  /// Forgets `group`, the runs of `id`, once nothing runs or waits in it.
  private mutating func dropIfEmpty(_ group: Group, _ id: EffectID) {
    guard group.isEmpty, groups[id] === group else { return }
    groups[id] = nil
    if lastGroup?.group === group { lastGroup = nil }
  }
}
