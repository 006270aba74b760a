import Dispatch
import Synchronization

/// Runs `body` on the main actor and blocks the calling thread until it returns.
///
/// The main-actor benchmarks run on a thread of their own while the main queue, the main actor's
/// executor, is served (`dispatchMain()` in `main.swift`), so the calling thread never blocks it.
func runOnMainActor<Value: Sendable>(_ body: @escaping @MainActor () async -> Value) -> Value {
  let result = Mutex<Value?>(nil)
  let done = DispatchSemaphore(value: 0)
  Task { @MainActor in
    let value = await body()
    result.withLock { $0 = value }
    done.signal()
  }
  done.wait()
  return result.withLock { $0! }
}
