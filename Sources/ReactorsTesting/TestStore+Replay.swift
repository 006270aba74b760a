@_spi(Testing) import Reactors
import ReactorsRecording

extension TestStore where R.Action: Decodable, R.Mutation: Decodable & Equatable {
  /// Replays a recorded session: sends each recorded action when the recording did, on `clock`,
  /// and expects the recorded mutations, in order, with the states `reduce` makes of them.
  ///
  /// The recording becomes the test: one line reproduces a session, from a bug report or a
  /// session you keep as a fixture, against the reactor as it is now.
  ///
  /// ```swift
  /// @Test func issue42() async throws {
  ///   let clock = TestClock()
  ///   let store = TestStore(SearchReactor(search: .stub, clock: clock))
  ///   await store.replay(try Recording(contentsOf: issue42URL), on: clock)
  ///   await store.finish()
  /// }
  /// ```
  ///
  /// Each event moves `clock` to its recorded time first, so debounces and delays fire between
  /// the same events as they did. Then an action is sent as by
  /// ``send(_:assert:isolation:fileID:filePath:line:column:)``, expecting the state its
  /// recorded immediate mutations make; a mutation from an effect is received as by
  /// ``receive(_:timeout:assert:isolation:fileID:filePath:line:column:)``. Every failure of
  /// those is reported here: a different state, as a line diff, a different mutation, or one
  /// that never comes. Give the reactor stubs that answer no later than the recorded session
  /// did (answering at once is the usual): the clock moves only to recorded times.
  ///
  /// Non-exhaustively (``Exhaustivity/off``), only the actions are replayed, at their times,
  /// and nothing is expected of the mutations: the test asserts what the session should have
  /// led to. That turns a bug report's recording of a wrong outcome into a regression test:
  ///
  /// ```swift
  /// store.exhaustivity = .off
  /// await store.replay(bugReport, on: clock)
  /// await store.reactor.waitUntilIdle()
  /// #expect(store.reactor.currentState.results.allSatisfy { $0.matches(query) })
  /// ```
  ///
  /// - Parameters:
  ///   - recording: The session; its time 0 is the clock's time now.
  ///   - clock: The clock the reactor's effects wait on.
  ///   - isolation: The actor the caller runs on; leave the default.
  ///   - fileID: The file that failures point at; leave the default, the caller's.
  ///   - filePath: The path of that file; leave the default.
  ///   - line: The line that failures point at; leave the default.
  ///   - column: The column that failures point at; leave the default.
  public func replay(
    _ recording: Recording<R>,
    on clock: TestClock,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let start = clock.now
    let expectsMutations = exhaustivity == .on
    var events = recording.events[...]
    while let event = events.popFirst() {
      await clock.advance(to: start.advanced(by: event.offset))
      switch event.kind {
      case .action(let action):
        var immediate: [R.Mutation] = []
        while let next = events.first, case .mutation(let mutation, .immediate) = next.kind {
          immediate.append(mutation)
          events.removeFirst()
        }
        guard expectsMutations else {
          reactor.send(action)
          await reactor._waitForQueuedWork()
          continue
        }
        let reactor = reactor
        await send(
          action, assert: { $0 = reactor.replay(immediate, from: $0).last ?? $0 },
          fileID: fileID, filePath: filePath, line: line, column: column)
      case .redactedAction:
        guard expectsMutations else { continue }
        FailureReporter.fail(
          "The recording holds an action whose secret was redacted with its case: it cannot "
            + "be replayed. Keep secrets in fields that name them, not in the case.",
          at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        return
      case .mutation(let mutation, _):
        guard expectsMutations else { continue }
        let reactor = reactor
        await receive(
          mutation, assert: { $0 = reactor.reduce(state: $0, mutation: mutation) },
          fileID: fileID, filePath: filePath, line: line, column: column)
      }
    }
  }
}
