/// What the runtime must do after releasing its lock.
@usableFromInline struct DeferredWork {
  var tasksToCancel: [Task<Void, Never>] = []
  var turnsToResume: [(UnsafeContinuation<Bool, Never>, Bool)] = []
  var idleWaitersToResume: [CheckedContinuation<Void, Never>] = []
  @usableFromInline var isEmpty = true

  init() {}

  @usableFromInline mutating func cancel(_ task: Task<Void, Never>) {
    tasksToCancel.append(task)
    isEmpty = false
  }

  mutating func resume(_ continuation: UnsafeContinuation<Bool, Never>, granted: Bool) {
    turnsToResume.append((continuation, granted))
    isEmpty = false
  }

  @usableFromInline mutating func resumeIdleWaiters(_ waiters: [CheckedContinuation<Void, Never>]) {
    idleWaitersToResume.append(contentsOf: waiters)
    isEmpty = isEmpty && waiters.isEmpty
  }

  /// Cancels and resumes; never call with a lock held.
  @usableFromInline func perform() {
    for task in tasksToCancel { task.cancel() }
    for (continuation, granted) in turnsToResume { continuation.resume(returning: granted) }
    for waiter in idleWaitersToResume { waiter.resume() }
  }
}
