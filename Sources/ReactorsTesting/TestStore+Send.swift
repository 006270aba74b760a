@_spi(Testing) import Reactors

extension TestStore {
  /// Sends `action` to the reactor and asserts the state its immediate mutations leave.
  ///
  /// ```swift
  /// await store.send(.updateQuery("swift")) { $0.query = "swift" }
  /// await store.send(.loadNextPage)  // must not change the state
  /// ```
  ///
  /// `send` covers the action's immediate mutations: the `.just` mutations that `mutate` returns
  /// are reduced before `Reactor.send` returns, so they belong to the action, and the closure
  /// asserts the state after all of them. They are not received one by one because the state says
  /// everything they did, and a test that repeats each `.setQuery` it already asserted as
  /// `query = "swift"` hides the mutations that matter: those that effects reduce later, in an order
  /// the test must spell out with `receive`. (An action held back by `transform(action:)`, such as a
  /// debounced one, reduces later too; its mutations are received.)
  ///
  /// Exhaustively, the test fails when mutations from effects were left unreceived or an
  /// unhandled error unasserted before this action (the known state moves past them, so the
  /// failures do not cascade), and when the state differs from the expectation.
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - update: Changes the state as the test expects the action to: exhaustively, applied to the
  ///     state before the action; non-exhaustively, to the actual state after it. Omit it when the
  ///     state must not change.
  ///   - isolation: The actor the caller runs on, so closures need not be `Sendable`; leave the
  ///     default.
  ///   - fileID: The file that failures point at; leave the default, the caller's.
  ///   - filePath: The path of that file; leave the default.
  ///   - line: The line that failures point at; leave the default.
  ///   - column: The column that failures point at; leave the default.
  public func send(
    _ action: R.Action,
    assert update: ((inout R.State) throws -> Void)? = nil,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let step = "send(\(ValueDump.line(of: action, limit: 100)))"
    settleUnasserted(before: "sending \(ValueDump.line(of: action, limit: 100))", at: site)
    let reactor = reactor
    let work = await recorder.recordingSynchronousWork { around in
      reactor._send(action, around: around)
      // Another thread's step may have been running (an effect's): it performs the action, and
      // the send above returned at once. Wait until it has.
      await reactor._waitForQueuedWork()
    }
    settle(unreceived: work.earlier, before: "the mutations of \(step)", at: site)
    assertState(work.immediate.last?.state ?? state, after: step, update: update, at: site)
  }
}
