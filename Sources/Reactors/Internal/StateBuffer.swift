/// The queue between a reactor and one ``StateSequence`` consumer, read in `next()`: one that stops
/// (iterator gone, task cancelled) empties it at once and tells the runtime, which forgets it.
@usableFromInline final class StateBuffer<State: Sendable>: Sendable {
  @usableFromInline let contents: Locked<Contents>

  @usableFromInline struct Contents: Sendable {
    @usableFromInline var queue: [State] = []
    @usableFromInline var head = 0
    @usableFromInline var latestOnly: Bool
    @usableFromInline var waiter: UnsafeContinuation<State?, Never>?
    @usableFromInline var isFinished = false
    /// What to run once the consumer has gone.
    var onFinish: (@Sendable () -> Void)?

    @inlinable mutating func pop() -> State? {
      guard head < queue.count else { return nil }
      let state = queue[head]
      head += 1
      if head == queue.count {
        queue.removeAll(keepingCapacity: true)
        head = 0
      }
      return state
    }
  }

  init(latestOnly: Bool) { contents = .make(Contents(latestOnly: latestOnly)) }

  /// Sets what to run once the consumer has gone (the runtime unregisters the buffer).
  func whenFinished(_ body: @escaping @Sendable () -> Void) {
    contents.withLock { $0.onFinish = body }
  }

  @inlinable var isFinished: Bool { contents.withLock { $0.isFinished } }

  /// Hands a state to the consumer; returns `false` once the consumer has gone.
  @discardableResult @inlinable func push(_ state: State) -> Bool {
    // Released unlocked: a replaced state's `deinit` may send to the reactor, pushing here again.
    let (waiter, isAlive, replaced) = contents.withLock {
      contents -> (UnsafeContinuation<State?, Never>?, Bool, State?) in
      if contents.isFinished { return (nil, false, nil) }
      if let waiter = contents.waiter {
        contents.waiter = nil
        return (waiter, true, nil)
      }
      // Latest only, the queue holds at most the one state not read yet.
      let replaced = contents.latestOnly ? contents.queue.popLast() : nil
      contents.queue.append(state)
      return (nil, true, replaced)
    }
    waiter?.resume(returning: state)
    _ = replaced
    return isAlive
  }

  /// Ends the consumer's sequence and frees what it had not read yet.
  @usableFromInline func finish() {
    // The states not read are released once the lock is, for the same reason as in `push`.
    var unread: [State] = []
    let (waiter, onFinish) = contents.withLock { contents in
      contents.isFinished = true
      swap(&unread, &contents.queue)
      contents.head = 0
      return (contents.waiter.take(), contents.onFinish.take())
    }
    waiter?.resume(returning: nil)
    onFinish?()
  }

  /// The next state, waiting for one if needed; `nil` once finished. Runs on the caller's actor,
  /// so a consumer on the main actor is resumed there, without a hop through the global executor.
  @inlinable func next(isolation actor: isolated (any Actor)? = #isolation) async -> State? {
    if let state = contents.withLock({ $0.pop() }) { return state }
    return await withTaskCancellationHandler {
      await withUnsafeContinuation { (continuation: UnsafeContinuation<State?, Never>) in
        let ready = contents.withLock { contents -> State?? in
          if let state = contents.pop() { return .some(state) }
          if contents.isFinished { return .some(nil) }
          // Two tasks reading copies of one iterator would overwrite each other's continuation,
          // and one would never be resumed: make the mistake loud instead.
          precondition(
            contents.waiter == nil,
            "Two tasks are reading copies of one StateSequence iterator at once; "
              + "give each task an iterator of its own")
          contents.waiter = continuation
          return .none
        }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      finish()
    }
  }
}
