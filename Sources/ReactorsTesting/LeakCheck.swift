@_spi(Testing) import Reactors

/// Runs `body` with a new reactor, then checks that the reactor is released and that no task it
/// started still runs.
///
/// ```swift
/// @Test func searchingDoesNotLeak() async {
///   await withLeakCheck(SearchReactor(client: .slow, clock: TestClock())) { reactor in
///     reactor.send(.updateQuery("swift"))  // its request is still in flight at the end
///   }
/// }
/// ```
///
/// When `body` returns, the check drops the last reference it holds. The test fails when:
/// - the reactor is not released — something still holds it: an effect that captured `self`, a
///   task, a cycle through an observer;
/// - a task the reactor started is still running after `timeout`, although releasing the reactor
///   cancelled it: an effect that ignores cancellation.
///
/// Use a ``TestStore`` inside `body` freely: the store is released with `body`'s scope.
///
/// - Parameters:
///   - makeReactor: Makes the reactor; evaluated once, before `body`.
///   - timeout: How long, in real time, to wait for the reactor and its tasks to go; a safety net
///     only, the check ends as soon as they have.
///   - isolation: The actor the caller runs on, so `body` need not be `Sendable`; leave the
///     default.
///   - fileID: The file that failures point at; leave the default, the caller's.
///   - filePath: The path of that file; leave the default.
///   - line: The line that failures point at; leave the default.
///   - column: The column that failures point at; leave the default.
///   - body: The test; do not keep the reactor beyond it.
public func withLeakCheck<R: Reactor>(
  _ makeReactor: @autoclosure () throws -> R,
  timeout: Duration = .seconds(30),
  isolation: isolated (any Actor)? = #isolation,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ body: (R) async throws -> Void
) async rethrows {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  let deadline = ContinuousClock.now.advanced(by: timeout)
  var reactor: R? = try makeReactor()
  weak let released = reactor
  let tracker = reactor!._trackEffects()
  try await body(reactor!)
  reactor = nil

  if released != nil, await !waitForRelease(of: { released == nil }, until: deadline) {
    FailureReporter.fail(
      """
      \(R.self) was not released after the test: something still holds it, such as an effect \
      that captured `self` (capture the clients it needs instead), a task, or an observer's cycle.
      """,
      at: site)
    return
  }
  if tracker.runningCount > 0 {
    await waitUntilNoneRunning(tracker, until: deadline)
  }
  let running = tracker.runningCount
  guard running > 0 else { return }
  FailureReporter.fail(
    """
    \(count(running, "task", "tasks")) that \(R.self) started \
    \(running == 1 ? "is" : "are") still running \(timeout) after it was released: an effect \
    ignores cancellation (check `Task.isCancelled`, or await something that throws when cancelled).
    """,
    at: site)
}

/// Waits for `isReleased`. No event says that an object went away, so this checks after each of a
/// few yields (an effect holds its reactor only while it reduces a mutation), then every
/// millisecond until `deadline` — a loop that only a failing test runs to its end.
private func waitForRelease(
  of isReleased: () -> Bool, until deadline: ContinuousClock.Instant
) async -> Bool {
  for _ in 0..<100 {
    await Task.yield()
    if isReleased() { return true }
  }
  while ContinuousClock.now < deadline {
    try? await Task.sleep(for: .milliseconds(1))
    if isReleased() { return true }
  }
  return isReleased()
}

/// Waits for `tracker` to see no task running, or for `deadline`.
private func waitUntilNoneRunning(
  _ tracker: EffectTracker, until deadline: ContinuousClock.Instant
)
  async
{
  await withTaskGroup(of: Void.self) { group in
    group.addTask { await tracker.waitUntilNoneRunning() }
    group.addTask { try? await Task.sleep(until: deadline, clock: .continuous) }
    await group.next()
    group.cancelAll()
  }
}
