import Synchronization

/// `async-effect`'s work written by hand (`hand-written-effect`), as the least a store does for it
/// while its effects stay cancellable (R7) and never keep it alive (R9).
///
/// Each action starts a task that applies one mutation. The store keeps every running task's
/// handle, and cancels them all when it is released; each task reaches the store through one
/// object of its own that holds it weakly. One lock hold on the sender (keep the handle) and two
/// on the task's thread (apply, end). It does less than the runtime must: `reduce` runs under the
/// lock, and nothing orders an action's effect behind the rest of its step.
final class HandWrittenEffectStore: EffectStore, Sendable {
  private struct Core {
    var state = CounterState()
    /// The handle of each running task, by slot; cancelled when the store is released.
    var tasks: [Task<Void, Never>?] = []
    var freeSlots: [Int] = []
    var running = 0
    var idle: CheckedContinuation<Void, Never>?
  }

  /// What one effect's task holds: the store, weakly, and where its handle is kept.
  private final class Effect: Sendable {
    weak let store: HandWrittenEffectStore?
    /// `notAttached` until the sender keeps the task's handle, then its slot; `ended` when the
    /// task ended first. Read and written only under the store's lock (relaxed is enough).
    let slot = Atomic<Int>(Effect.notAttached)
    static let notAttached = -1
    static let ended = -2

    init(store: HandWrittenEffectStore) {
      self.store = store
    }
  }

  private let core = Mutex(Core())

  deinit {
    core.withLock { core in
      for task in core.tasks { task?.cancel() }
    }
  }

  /// Starts the action's effect in a task of its own and keeps the task's handle.
  func start(_ action: CounterAction) {
    let mutation = counterMutation(for: action)
    let body: @Sendable (_ send: @Sendable (CounterMutation) -> Void) async -> Void = {
      send in send(mutation)
    }
    let effect = Effect(store: self)
    let task = Task {
      await body { mutation in effect.store?.apply(mutation) }
      effect.store?.end(effect)
    }
    core.withLock { core in
      guard effect.slot.load(ordering: .relaxed) == Effect.notAttached else { return }
      let slot: Int
      if let free = core.freeSlots.popLast() {
        slot = free
        core.tasks[slot] = task
      } else {
        slot = core.tasks.count
        core.tasks.append(task)
      }
      effect.slot.store(slot, ordering: .relaxed)
      core.running += 1
    }
  }

  private func apply(_ mutation: CounterMutation) {
    core.withLock { $0.state = reduceCounter($0.state, mutation) }
  }

  private func end(_ effect: Effect) {
    let waiter = core.withLock { core -> CheckedContinuation<Void, Never>? in
      let slot = effect.slot.load(ordering: .relaxed)
      guard slot >= 0 else {
        effect.slot.store(Effect.ended, ordering: .relaxed)
        return nil
      }
      core.tasks[slot] = nil
      core.freeSlots.append(slot)
      core.running -= 1
      return core.running == 0 ? core.idle.take() : nil
    }
    waiter?.resume()
  }

  /// Returns once every task started so far has ended.
  func waitUntilIdle() async {
    await withCheckedContinuation { continuation in
      let isIdle = core.withLock { core in
        if core.running == 0 { return true }
        core.idle = continuation
        return false
      }
      if isIdle { continuation.resume() }
    }
  }

  /// The state every mutation applied so far has made.
  var currentState: CounterState { core.withLock { $0.state } }
}
