@_spi(Testing) import Reactors

/// What a test store's probe saw, waiting for the test to assert it: the mutations effects
/// reduced, in `reduce` order, and the errors no `catch:` handler took.
///
/// The probe runs synchronously in `reduce` order, on whichever thread runs the reactor's step. A
/// mutation reduced while the reactor performs the work of ``recordingSynchronousWork(_:)`` is
/// an immediate one (a `.just` of the action being sent); every other one comes from an effect.
final class StoreRecorder<Mutation: Sendable, State: Sendable>: Sendable {
  /// One mutation and the state `reduce` made of it.
  struct Reduced: Sendable {
    let mutation: Mutation
    let state: State
    /// Whether it was reduced while the test's `send` ran, on the test's thread.
    let isImmediate: Bool
  }

  /// What ``recordingSynchronousWork(_:)`` saw.
  struct SynchronousWork {
    /// Mutations from effects, reduced before the work's own mutations.
    var earlier: [Reduced]
    /// The mutations the work reduced on the calling thread, in order.
    var immediate: [Reduced]
  }

  /// Why ``wait(forEventAfter:orIdle:until:)`` returned.
  enum WaitOutcome: Sendable {
    case event
    case idle
    /// Every effect still running sleeps on a test clock: nothing comes until the test advances
    /// it.
    case parked
    case timeout
  }

  fileprivate struct Contents {
    /// The mutation reported last, waiting for the state `reduce` makes of it.
    var reducing: (mutation: Mutation, isImmediate: Bool)?
    var received: [Reduced] = []
    var failures: [any Error] = []
    /// Whether the work of `recordingSynchronousWork` is being performed right now.
    var isPerformingWork = false
    /// Counts every event, so a waiter can tell whether one came since it looked.
    var version: UInt64 = 0
    var nextWaiterID: UInt64 = 0
    var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
  }

  private let contents = Protected(Contents())

  // MARK: - Called by the probe, synchronously, by the thread running the reactor's step

  /// A mutation reached `reduce`; its state comes next.
  func mutationReduced(_ mutation: Mutation) {
    contents.withLock { contents in
      contents.reducing = (mutation, contents.isPerformingWork)
    }
  }

  /// `reduce` made `state` of the mutation reported last.
  func stateReduced(_ state: State) {
    let waiters = contents.withLock { contents -> [CheckedContinuation<Void, Never>] in
      guard let reducing = contents.reducing else {
        preconditionFailure("Internal inconsistency: a state reported without its mutation")
      }
      contents.reducing = nil
      contents.received.append(
        Reduced(mutation: reducing.mutation, state: state, isImmediate: reducing.isImmediate))
      return contents.eventHappened()
    }
    for waiter in waiters { waiter.resume() }
  }

  /// An effect threw and had no `catch:` handler.
  func effectFailed(_ error: any Error) {
    let waiters = contents.withLock { contents -> [CheckedContinuation<Void, Never>] in
      contents.failures.append(error)
      return contents.eventHappened()
    }
    for waiter in waiters { waiter.resume() }
  }

  // MARK: - Called by the store

  /// Counts the events so far; pass it to ``wait(forEventAfter:orIdle:until:)``.
  var version: UInt64 {
    contents.withLock { $0.version }
  }

  /// Runs `work`, which performs something in one step of the reactor (a `send`) and tells the
  /// recorder when that performing begins and ends through the closure it is given; then sorts
  /// out what was reduced.
  ///
  /// What is reduced while the work is being performed is immediate: the reactor performs one
  /// thing at a time, so nothing else is reduced in between, whichever thread performs it.
  /// Mutations from effects that were reduced before the work's own come back in `earlier`; those
  /// reduced after it stay, to be received.
  func recordingSynchronousWork(
    _ work: (_ around: @escaping @Sendable (_ isPerforming: Bool) -> Void) async -> Void
  ) async -> SynchronousWork {
    let countBefore = contents.withLock { $0.received.count }
    await work { [contents] isPerforming in
      contents.withLock { $0.isPerformingWork = isPerforming }
    }
    return contents.withLock { contents in
      guard let first = contents.received.firstIndex(where: \.isImmediate) else {
        // Nothing reduced by the work: only what was there before is known to come earlier.
        let earlier = Array(contents.received.prefix(countBefore))
        contents.received.removeFirst(countBefore)
        return SynchronousWork(earlier: earlier, immediate: [])
      }
      // One step of the reactor reduced the work's mutations: they are contiguous.
      let end =
        contents.received[first...].firstIndex { !$0.isImmediate } ?? contents.received.endIndex
      let work = SynchronousWork(
        earlier: Array(contents.received[..<first]),
        immediate: Array(contents.received[first..<end]))
      contents.received.removeFirst(end)
      return work
    }
  }

  /// Runs `start`, which starts the reactor on this thread before anything else runs in it, and
  /// counts what starting it reduces (actions a `transform(action:)` prepends) as part of the
  /// initial state.
  func recordingStart(_ start: () -> Void) {
    contents.withLock { $0.isPerformingWork = true }
    start()
    contents.withLock { contents in
      contents.isPerformingWork = false
      contents.received.removeAll { $0.isImmediate }
    }
  }

  /// The oldest mutation not received yet.
  func takeNext() -> Reduced? {
    contents.withLock { contents in
      contents.received.isEmpty ? nil : contents.received.removeFirst()
    }
  }

  /// Every mutation not received yet.
  func takeAll() -> [Reduced] {
    contents.withLock { contents in
      defer { contents.received = [] }
      return contents.received
    }
  }

  /// The oldest unhandled error not received yet.
  func takeNextFailure() -> (any Error)? {
    contents.withLock { contents in
      contents.failures.isEmpty ? nil : contents.failures.removeFirst()
    }
  }

  /// Every unhandled error not received yet.
  func takeAllFailures() -> [any Error] {
    contents.withLock { contents in
      defer { contents.failures = [] }
      return contents.failures
    }
  }

  /// Waits for an event after `version`, for `tracker` to see no effect running or every one
  /// asleep on a test clock, or for `deadline`, whichever comes first.
  ///
  /// Every wait is a continuation resumed by the event itself; the deadline is only the safety
  /// net that ends a test whose effect never comes.
  func wait(
    forEventAfter version: UInt64?, orIdle tracker: EffectTracker?,
    until deadline: ContinuousClock.Instant
  ) async -> WaitOutcome {
    await withTaskGroup(of: WaitOutcome.self) { group in
      if let version {
        group.addTask {
          await self.waitForEvent(after: version)
          return .event
        }
      }
      if let tracker {
        group.addTask {
          // Settled, then looked at again: a task may wake in between.
          while !Task.isCancelled {
            await tracker.waitUntilSettled()
            if tracker.runningCount == 0 { return .idle }
            if tracker.parkedEffects != nil { return .parked }
          }
          return .idle  // Cancelled: another outcome came first and this one is dropped.
        }
      }
      group.addTask {
        try? await Task.sleep(until: deadline, clock: .continuous)
        return .timeout
      }
      let first = await group.next() ?? .timeout
      group.cancelAll()
      return first
    }
  }

  /// Returns once an event came after `version`, or when the calling task is cancelled.
  private func waitForEvent(after version: UInt64) async {
    let id = contents.withLock { contents in
      contents.nextWaiterID += 1
      return contents.nextWaiterID
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let resumeNow = contents.withLock { contents in
          // Under the lock `onCancel` takes too: an earlier cancel is seen here, a later one finds
          // the waiter registered.
          if contents.version != version || Task.isCancelled { return true }
          contents.waiters[id] = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      let waiter = contents.withLock { $0.waiters.removeValue(forKey: id) }
      waiter?.resume()
    }
  }
}

extension StoreRecorder.Contents {
  /// Counts an event and hands back the waiters to resume once the lock is released.
  fileprivate mutating func eventHappened() -> [CheckedContinuation<Void, Never>] {
    version += 1
    defer { waiters = [:] }
    return Array(waiters.values)
  }
}
