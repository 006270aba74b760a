import Dispatch
import Synchronization

/// Runs `body` in a detached task, off the main thread and off any actor, and blocks the
/// calling thread until it returns.
///
/// The calling thread (the main thread) is not one of the cooperative pool's, so blocking it
/// takes no thread away from the work measured.
func runBlocking<Value: Sendable>(_ body: @escaping @Sendable () async -> Value) -> Value {
  let result = Mutex<Value?>(nil)
  let done = DispatchSemaphore(value: 0)
  Task.detached {
    let value = await body()
    result.withLock { $0 = value }
    done.signal()
  }
  done.wait()
  return result.withLock { $0! }
}
