@_spi(Testing) import Reactors

/// Drives a real reactor in a test and checks, mutation by mutation, everything it does.
///
/// Send actions with ``send(_:assert:isolation:fileID:filePath:line:column:)`` and describe how
/// the state changes; receive the mutations that effects reduce later with
/// ``receive(_:timeout:assert:isolation:fileID:filePath:line:column:)``; end with
/// ``finish(timeout:isolation:fileID:filePath:line:column:)``.
///
/// ```swift
/// @Test func searchingShowsResults() async {
///   let clock = TestClock()
///   let store = TestStore(SearchReactor(search: { _ in ["swift-nio"] }, clock: clock))
///
///   await store.send(.updateQuery("swift")) { $0.query = "swift" }
///   await clock.advance(by: .milliseconds(300))
///   await store.receive(.setResults(["swift-nio"])) { $0.results = ["swift-nio"] }
///   await store.finish()
/// }
/// ```
///
/// The store is exhaustive by default (``Exhaustivity/on``). The test fails on:
/// - a state that differs from the expected one, shown as a line diff (`-` expected, `+` actual);
/// - a state change that no closure asserted;
/// - a mutation other than the one expected, or none arriving;
/// - a mutation from an effect that was not received before the next `send` or `finish()`;
/// - an error thrown by an effect without a `catch:` handler, unless received with
///   ``receiveUnhandledError(timeout:isolation:fileID:filePath:line:column:)``;
/// - an effect still running at `finish()`.
///
/// Set ``exhaustivity`` to ``Exhaustivity/off`` for integration tests that assert only part of
/// what happens.
///
/// A parent's children (`Reactor.attach(_:id:as:announcing:)`) are part of it: what they change
/// arrives as the parent's mutations, received like those of its effects, and the store waits
/// for the children's effects as for the parent's.
///
/// Waits end as soon as what they wait for happens, or at once when no effect is left that could
/// make it happen; ``timeout`` (30 seconds by default, real time) is only the safety net of a
/// test that is already failing, such as one whose effect waits for a ``TestClock`` it did not
/// advance. Pass `timeout:` to the initializer, set ``timeout``, or give one call its own.
///
/// Failures are recorded through Swift Testing when a Swift Testing test runs, else through XCTest,
/// at the line of the call that failed.
///
/// > Important: The store installs itself as the reactor's test probe, so make one store per
/// > reactor, before sending it anything, and send through the store: an action sent to the
/// > reactor directly produces mutations that the store expects to be received. Drive a store from
/// > one task at a time: the steps of a test are sequential.
public final class TestStore<R: Reactor>: Sendable where R.State: Equatable {
  /// The reactor under test.
  public let reactor: R

  let recorder: StoreRecorder<R.Mutation, R.State>
  let tracker: EffectTracker
  /// Whether an idle tracker proves that no mutation is on its way (see `receive`).
  let detectsIdle: Bool
  let settings: Protected<Settings>
  let creationSite: CallSite

  struct Settings {
    /// The state as far as the test has asserted it: the base of the next expectation.
    var knownState: R.State
    var exhaustivity: Exhaustivity
    var timeout: Duration
  }

  /// Starts testing `reactor`.
  ///
  /// - Parameters:
  ///   - reactor: The reactor under test, made with test clients and a ``TestClock``.
  ///   - exhaustivity: Whether everything must be asserted (the default) or only what the test
  ///     asserts.
  ///   - timeout: How long `receive` and `finish` wait, in real time, before giving up. A safety
  ///     net only: waits end as soon as what they wait for happens. The 30 s default leaves room
  ///     for a loaded machine (a whole suite under ThreadSanitizer on two cores, hundreds of tests
  ///     sharing two threads, can keep a task waiting for seconds); only a test that is already
  ///     failing waits it out.
  ///   - fileID: The file that failures when the store is released point at; leave the default, the caller's.
  ///   - filePath: The path of that file; leave the default.
  ///   - line: The line that failures when the store is released point at; leave the default.
  ///   - column: The column that failures when the store is released point at; leave the default.
  public init(
    _ reactor: R,
    exhaustivity: Exhaustivity = .on,
    timeout: Duration = .seconds(30),
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let recorder = StoreRecorder<R.Mutation, R.State>()
    self.reactor = reactor
    self.recorder = recorder
    creationSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    tracker = reactor._trackEffects()
    reactor._setProbe(
      ReactorDiagnostics { event in
        switch event.kind {
        case .action: break
        case .mutation(let mutation): recorder.mutationReduced(mutation)
        case .state(let state): recorder.stateReduced(state)
        case .effectFailed(let error): recorder.effectFailed(error)
        }
      })
    // Reading the state starts a reactor never used before; what starting it reduces on this
    // thread (actions its `transform(action:)` prepends) is part of the initial state.
    var initialState: R.State?
    var transformsActionsOrMutations = false
    recorder.recordingStart {
      transformsActionsOrMutations = reactor._transformsActionsOrMutations
      initialState = reactor.currentState
    }
    detectsIdle = !transformsActionsOrMutations
    settings = Protected(
      Settings(knownState: initialState!, exhaustivity: exhaustivity, timeout: timeout))
  }

  deinit {
    reactor._setProbe(nil)
    // Whatever arrived and was never asserted is a fact by now, even without `finish()`.
    settleUnasserted(before: "the store was released", at: creationSite)
  }

  /// The state as far as the test has asserted it.
  ///
  /// It follows the reactor through every `send` and `receive`; mutations not received yet are
  /// not in it.
  public var state: R.State {
    settings.withLock { $0.knownState }
  }

  /// Whether everything must be asserted (``Exhaustivity/on``, the default) or only what the test
  /// asserts; may change in the middle of a test.
  public var exhaustivity: Exhaustivity {
    get { settings.withLock { $0.exhaustivity } }
    set { settings.withLock { $0.exhaustivity = newValue } }
  }

  /// How long, in real time, `receive` and `finish` wait by default before failing.
  public var timeout: Duration {
    get { settings.withLock { $0.timeout } }
    set { settings.withLock { $0.timeout = newValue } }
  }

  /// Waits for the reactor's effects to end, and fails for everything left unasserted.
  ///
  /// Exhaustively, fails when an effect still runs after `timeout` (one that waits for a
  /// ``TestClock`` the test did not advance never ends), when a mutation from an effect was not
  /// received, or when an effect's error reached no `catch:` handler and was not received.
  /// Non-exhaustively, lets all of that go without waiting.
  ///
  /// ```swift
  /// await store.send(.refresh) { $0.isLoading = true }
  /// await store.receive(.setItems(items)) { $0.isLoading = false; $0.items = items }
  /// await store.finish()
  /// ```
  public func finish(
    timeout: Duration? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let timeout = timeout ?? self.timeout
    if exhaustivity == .on {
      var outcome: StoreRecorder<R.Mutation, R.State>.WaitOutcome?
      if tracker.runningCount > 0 {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        outcome = await recorder.wait(forEventAfter: nil, orIdle: tracker, until: deadline)
      }
      let effects = reactor._runningEffectCount
      let tasks = tracker.runningCount
      if outcome == .parked, tasks > 0 {
        FailureReporter.fail(
          """
          \(count(tasks, "effect is", "effects are")) still running at finish(), waiting for a \
          TestClock:
          \(describeParkedEffects())
          Advance the clock so that they can end, or cancel them before the test ends.
          """,
          at: site)
      } else if effects > 0 {
        FailureReporter.fail(
          """
          \(count(effects, "effect is", "effects are")) still running at finish(), \
          after waiting \(timeout). Receive what they send, advance the TestClock they wait on, \
          or cancel them before the test ends.
          """,
          at: site)
      } else if tasks > 0 {
        FailureReporter.fail(
          """
          \(count(tasks, "effect task is", "effect tasks are")) still running at finish(), \
          after waiting \(timeout), although cancelled: does an effect ignore cancellation?
          """,
          at: site)
      }
    }
    settleUnasserted(before: "finish()", at: site)
  }

  // MARK: - Shared by send and receive

  /// One line per effect asleep on a test clock: its action and what it waits for.
  func describeParkedEffects() -> String {
    let lines = (tracker.parkedEffects ?? []).map { effect in
      "  the effect of \(ValueDump.line(of: effect.action, limit: 100)) \(effect.describeWait())"
    }
    return lines.sorted().joined(separator: "\n")
  }

  /// Checks `actual`, the state after `step`, against what the test expects, and makes it the
  /// known state.
  ///
  /// Exhaustively, the expectation is the known state changed by `update`; without `update` the
  /// state must not have changed. Non-exhaustively, `update` is applied to `actual` itself, so only
  /// the fields it sets are checked.
  func assertState(
    _ actual: R.State, after step: String, update: ((inout R.State) throws -> Void)?,
    at site: CallSite
  ) {
    let (previous, exhaustivity) = settings.withLock { settings in
      defer { settings.knownState = actual }
      return (settings.knownState, settings.exhaustivity)
    }
    var expected = exhaustivity == .on ? previous : actual
    guard let update else {
      guard exhaustivity == .on, expected != actual else { return }
      FailureReporter.fail(
        """
        \(step) changed the state, but no change was asserted: (- expected, + actual)

        \(LineDiff.render(from: ValueDump.lines(of: expected), to: ValueDump.lines(of: actual)))
        """,
        at: site)
      return
    }
    do {
      try update(&expected)
    } catch {
      FailureReporter.fail("The state closure of \(step) threw \(describe(error)).", at: site)
      return
    }
    guard expected != actual else { return }
    FailureReporter.fail(
      """
      The state after \(step) is not the expected one: (- expected, + actual)

      \(LineDiff.render(from: ValueDump.lines(of: expected), to: ValueDump.lines(of: actual)))
      """,
      at: site)
  }

  /// Makes the reduced mutations the test did not receive part of the known state; exhaustively,
  /// fails for them.
  func settle(
    unreceived mutations: [StoreRecorder<R.Mutation, R.State>.Reduced], before moment: String,
    at site: CallSite
  ) {
    guard let last = mutations.last else { return }
    let exhaustivity = settings.withLock { settings in
      settings.knownState = last.state
      return settings.exhaustivity
    }
    guard exhaustivity == .on else { return }
    let list = mutations.map { "  " + ValueDump.line(of: $0.mutation) }.joined(separator: "\n")
    FailureReporter.fail(
      """
      \(count(mutations.count, "mutation", "mutations")) from effects \
      \(mutations.count == 1 ? "was" : "were") not received before \(moment):
      \(list)
      Assert \(mutations.count == 1 ? "it" : "each") with `await store.receive(...)`.
      """,
      at: site)
  }

  /// Settles every unreceived mutation and unhandled error.
  func settleUnasserted(before moment: String, at site: CallSite) {
    settle(unreceived: recorder.takeAll(), before: moment, at: site)
    let failures = recorder.takeAllFailures()
    guard exhaustivity == .on else { return }
    for error in failures {
      FailureReporter.fail(
        """
        An effect threw \(describe(error)) and had no `catch:` handler; it was not received \
        before \(moment). Handle it in `mutate`, or assert it with \
        `await store.receiveUnhandledError()`.
        """,
        at: site)
    }
  }
}

/// `1 effect is` / `2 effects are`.
func count(_ number: Int, _ singular: String, _ plural: String) -> String {
  "\(number) \(number == 1 ? singular : plural)"
}

/// An error as failure messages show it: its type and value.
func describe(_ error: any Error) -> String {
  "\(type(of: error)): \(ValueDump.line(of: error))"
}
