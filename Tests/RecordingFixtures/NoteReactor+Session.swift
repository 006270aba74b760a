import Reactors
import ReactorsRecording
import ReactorsTesting
import Testing

extension NoteReactor {
  /// The session the recording tests share, recorded as JSON lines: `type("abc")`, then `save`,
  /// whose effect answers 100 ms later on a test clock that also times the recording.
  ///
  /// - Parameter sourceLocation: Where a test that waits too long for the states fails.
  /// - Returns: The recording's text and every state the session went through, the initial one
  ///   first.
  public static func recordTypingAndSaving(
    sourceLocation: SourceLocation = #_sourceLocation
  ) async -> (jsonLines: String, states: [State]) {
    let clock = TestClock()
    let lines = RecordedLines()
    let reactor = NoteReactor(
      recorder: .jsonLines(for: NoteReactor.self, clock: clock, writeLine: lines.write),
      clock: clock)
    let (states, continuation) = AsyncStream.makeStream(of: State.self)
    let observation = reactor.observe { continuation.yield($0) }
    defer { observation.cancel() }
    reactor.send(.type("abc"))
    reactor.send(.save)
    await clock.waitForSleepers(1)
    await clock.advance(by: .milliseconds(100))
    return (lines.text, await first(3, of: states, sourceLocation: sourceLocation))
  }
}

/// The first `count` elements of `stream`; after a minute of real time without them, fails the
/// test at `sourceLocation` and returns none, so that a lost state fails instead of hanging.
private func first<Element: Sendable>(
  _ count: Int, of stream: AsyncStream<Element>, sourceLocation: SourceLocation
) async -> [Element] {
  let limit = Duration.seconds(60)
  let collected = await withTaskGroup(of: [Element]?.self) { group in
    group.addTask {
      var elements: [Element] = []
      for await element in stream {
        elements.append(element)
        if elements.count == count { return elements }
      }
      return nil
    }
    group.addTask {
      try? await Task.sleep(for: limit)
      return nil
    }
    let first = await group.next() ?? nil
    group.cancelAll()
    return first
  }
  guard let collected else {
    Issue.record(
      "Timed out after \(limit) waiting for \(count) states", sourceLocation: sourceLocation)
    return []
  }
  return collected
}
