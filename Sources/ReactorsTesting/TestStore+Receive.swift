@_spi(Testing) import Reactors

extension TestStore {
  /// Waits for the next mutation an effect reduces, checks that it is `expected`, and asserts the
  /// state it leaves.
  ///
  /// ```swift
  /// await clock.advance(by: .milliseconds(300))
  /// await store.receive(.setResults(["swift-nio"])) { $0.results = ["swift-nio"] }
  /// ```
  ///
  /// The wait ends as soon as the mutation is reduced. It fails at once when no effect is running
  /// any more (nothing can send the mutation), and after `timeout` at the latest — for example
  /// when the effect waits for a ``TestClock`` the test did not advance. A reactor that overrides
  /// `transform(action:)` or `transform(mutation:)` always gets the whole timeout: those hooks may
  /// hold values back, or merge outside streams, in tasks no effect count sees. Exhaustively, the
  /// next mutation must be `expected`; non-exhaustively, the mutations before the first one equal
  /// to `expected` are skipped.
  ///
  /// - Parameters:
  ///   - expected: The mutation the test expects next.
  ///   - timeout: How long to wait at most, in real time; the store's ``timeout`` by default.
  ///   - update: Changes the state as the test expects the mutation to. Omit it when the state
  ///     must not change.
  ///   - isolation: The actor the caller runs on, so closures need not be `Sendable`; leave the
  ///     default.
  ///   - fileID: The file that failures point at; leave the default, the caller's.
  ///   - filePath: The path of that file; leave the default.
  ///   - line: The line that failures point at; leave the default.
  ///   - column: The column that failures point at; leave the default.
  public func receive(
    _ expected: R.Mutation,
    timeout: Duration? = nil,
    assert update: ((inout R.State) throws -> Void)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where R.Mutation: Equatable {
    await receiveNext(
      ValueDump.line(of: expected),
      matching: { $0 == expected },
      mismatch: { received in
        """
        Received a mutation other than the expected one: (- expected, + received)

        \(LineDiff.render(from: ValueDump.lines(of: expected), to: ValueDump.lines(of: received)))
        """
      },
      timeout: timeout, update: update, isolation: isolation,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Waits for the next mutation an effect reduces, checks it with `matches`, and asserts the
  /// state it leaves; for mutations that are not `Equatable`.
  ///
  /// ```swift
  /// await store.receive(where: { if case .setResults = $0 { true } else { false } }) {
  ///   $0.results = ["swift-nio"]
  /// }
  /// ```
  ///
  /// Waits like ``receive(_:timeout:assert:isolation:fileID:filePath:line:column:)``.
  public func receive(
    where matches: (R.Mutation) -> Bool,
    timeout: Duration? = nil,
    assert update: ((inout R.State) throws -> Void)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receiveNext(
      "a mutation matching the predicate",
      matching: matches,
      mismatch: { received in
        """
        Received a mutation that does not match the predicate:

        \(ValueDump.lines(of: received))
        """
      },
      timeout: timeout, update: update, isolation: isolation,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Waits for an error that an effect threw without a `catch:` handler, and returns it.
  ///
  /// The reactor drops such errors and keeps working; an exhaustive store fails for every one the
  /// test does not receive.
  ///
  /// ```swift
  /// await store.send(.load) { $0.isLoading = true }
  /// let error = await store.receiveUnhandledError()
  /// #expect(error is URLError)
  /// ```
  ///
  /// - Returns: The error, or `nil` (and a failure) when none came.
  @discardableResult
  public func receiveUnhandledError(
    timeout: Duration? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> (any Error)? {
    await waitToReceive(
      "an unhandled error", timeout: timeout, isolation: isolation,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ) { recorder.takeNextFailure() }
  }

  /// Receives the next mutation for both `receive`s: asserts it, or fails for one that is not the
  /// expected one (exhaustively) or for none coming.
  private func receiveNext(
    _ description: String,
    matching matches: (R.Mutation) -> Bool,
    mismatch: (R.Mutation) -> String,
    timeout: Duration?,
    update: ((inout R.State) throws -> Void)?,
    isolation: isolated (any Actor)?,
    at site: CallSite
  ) async {
    let next = await waitToReceive(description, timeout: timeout, isolation: isolation, at: site) {
      () -> (StoreRecorder<R.Mutation, R.State>.Reduced, isMatch: Bool)? in
      while let next = recorder.takeNext() {
        let isMatch = matches(next.mutation)
        if isMatch || exhaustivity == .on { return (next, isMatch) }
        settings.withLock { $0.knownState = next.state }  // Skipped: not asserted.
      }
      return nil
    }
    guard let (reduced, isMatch) = next else { return }
    guard isMatch else {
      FailureReporter.fail(mismatch(reduced.mutation), at: site)
      settings.withLock { $0.knownState = reduced.state }
      return
    }
    let step = "receiving \(ValueDump.line(of: reduced.mutation, limit: 100))"
    assertState(reduced.state, after: step, update: update, at: site)
  }

  /// Waits until `take` finds what the test receives, and returns it; fails, and returns `nil`,
  /// when nothing can bring it any more or `timeout` passes.
  private func waitToReceive<Received>(
    _ description: String, timeout: Duration?, isolation: isolated (any Actor)?,
    at site: CallSite, _ take: () -> Received?
  ) async -> Received? {
    let timeout = timeout ?? self.timeout
    let deadline = ContinuousClock.now.advanced(by: timeout)
    var detectsIdle = self.detectsIdle
    var outcome: StoreRecorder<R.Mutation, R.State>.WaitOutcome?
    while true {
      // Read before looking, so that an event between the look and the wait ends the wait.
      let version = recorder.version
      if let received = take() { return received }
      if outcome == .idle, reactor._runningEffectCount > 0 {
        // Effects that started before the store are not tracked: only the timeout can tell.
        detectsIdle = false
        outcome = nil
      }
      if let outcome, let message = nothingCame(description, outcome: outcome, timeout: timeout) {
        FailureReporter.fail(message, at: site)
        return nil
      }
      outcome = await recorder.wait(
        forEventAfter: version, orIdle: detectsIdle ? tracker : nil, until: deadline)
    }
  }

  /// The failure for a wait that ended without what it waited for; `nil` when it may go on.
  private func nothingCame(
    _ description: String, outcome: StoreRecorder<R.Mutation, R.State>.WaitOutcome,
    timeout: Duration
  ) -> String? {
    switch outcome {
    case .event:
      return Task.isCancelled
        ? "Expected to receive \(description), but the test was cancelled." : nil
    case .idle:
      // The effects' last events are recorded before their tasks end: none is coming.
      return "Expected to receive \(description), but no effect is running that could send it."
    case .parked:
      return """
        Expected to receive \(description), but every effect still running waits for a \
        TestClock:
        \(describeParkedEffects())
        Advance the clock (await clock.advance(by:)) before receiving.
        """
    case .timeout:
      let running = reactor._runningEffectCount
      return """
        Expected to receive \(description), but none came within \(timeout) while \
        \(count(running, "effect was", "effects were")) running. Does one wait for a TestClock \
        that the test did not advance?
        """
    }
  }
}
