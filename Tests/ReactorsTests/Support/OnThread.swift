import Foundation

/// Runs `body` on a thread of its own, outside the concurrency pool, and returns once it has: a
/// thread that blocks then holds up no task. Callers put a deadline around it.
func onThread(_ body: @escaping @Sendable () -> Void) async {
  await withCheckedContinuation { continuation in
    Thread {
      body()
      continuation.resume()
    }.start()
  }
}
