import Synchronization

/// One waiter at a time, resumed by whoever sees what it waits for: a main-actor driver waits
/// here until its observer sees the state.
final class MainActorWaiter: Sendable {
  private let waiter = Mutex<CheckedContinuation<Void, Never>?>(nil)

  /// Runs `start`, then suspends until `resume()` is called.
  @MainActor func wait(after start: () -> Void) async {
    await withCheckedContinuation { continuation in
      waiter.withLock { $0 = continuation }
      start()
    }
  }

  /// Resumes the waiter, if one waits.
  func resume() {
    waiter.withLock { $0.take() }?.resume()
  }
}
