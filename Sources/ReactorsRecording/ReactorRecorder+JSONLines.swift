import Reactors

extension ReactorRecorder where Action: Encodable, Mutation: Encodable {
  /// Writes the session as JSON Lines, one line per event, secrets redacted, for ``Recording``
  /// to load.
  ///
  /// ```swift
  /// let runtime = Runtime(recorder: .jsonLines(for: SearchReactor.self) { line in
  ///   file.write(Data((line + "\n").utf8))
  /// })
  /// ```
  ///
  /// The first line names the format and the reactor; each other line holds the event's time
  /// in seconds and its value as `Codable` encodes it. Any key that names a secret (see
  /// `Redaction`) is written with `Redaction/marker` as its value, never the value itself:
  /// in `{"setPassword":{"_0":"hunter2"}}` the case names one, so the line holds
  /// `{"setPassword":"<redacted>"}`.
  ///
  /// > Important: A mutation whose case names a secret cannot be loaded back, so a recording
  /// > that has one cannot be replayed. Keep the secret in a field that names it
  /// > (`case setCredentials(user: String, password: String)`): only that field is redacted,
  /// > and it replays as the marker. Derive nothing the state shows from a secret in `reduce`:
  /// > compute it in `mutate` and carry it in the mutation, so that it replays.
  ///
  /// - Parameters:
  ///   - reactor: The reactor's type; its name goes in the first line, and loading checks it.
  ///   - redaction: Which keys hold secrets.
  ///   - clock: What times the events; a monotonic `ContinuousClock` by default.
  ///   - writeLine: Receives each line, without its line break, in order, the first one at once.
  public static func jsonLines<R: Reactor, C: Clock>(
    for reactor: R.Type,
    redaction: Redaction = .default,
    clock: C = ContinuousClock(),
    writeLine: @escaping @Sendable (String) -> Void
  ) -> Self where R.Action == Action, R.Mutation == Mutation, C.Duration == Duration {
    writeLine(RecordingFormat.header(reactor: RecordingFormat.reactorName(of: reactor)))
    return events(redaction: redaction, clock: clock, writeLine: writeLine)
  }

  /// Writes the session as ``jsonLines(for:redaction:clock:writeLine:)`` does, of a reactor that
  /// started from `start` rather than from its `initialState`: a state restored from disk, or
  /// what it was restored from.
  ///
  /// ```swift
  /// let file = try StateFile<SearchReactor>(at: stateURL)
  /// let recorder = ReactorRecorder.jsonLines(for: SearchReactor.self, startingFrom: file.restored) {
  ///   line in output.write(Data((line + "\n").utf8))
  /// }
  /// let reactor = SearchReactor(stateFile: file, recorder: recorder)
  /// ```
  ///
  /// The first line carries `start`, secrets redacted, and `Recording/start(as:)` gives it back,
  /// so a replay starts where the session did:
  ///
  /// ```swift
  /// let saved = try recording.start(as: SearchReactor.Saved.self)
  /// let timeline = ReplayTimeline(recording, reactor: SearchReactor(restoring: saved))
  /// ```
  ///
  /// - Parameters:
  ///   - reactor: The reactor's type; its name goes in the first line, and loading checks it.
  ///   - start: What the session started from: its first state, or the value it was made from.
  ///   - redaction: Which keys hold secrets, in `start` as in the events.
  ///   - clock: What times the events; a monotonic `ContinuousClock` by default.
  ///   - writeLine: Receives each line, without its line break, in order, the first one at once.
  public static func jsonLines<R: Reactor, C: Clock, Start: Encodable>(
    for reactor: R.Type,
    startingFrom start: Start,
    redaction: Redaction = .default,
    clock: C = ContinuousClock(),
    writeLine: @escaping @Sendable (String) -> Void
  ) -> Self where R.Action == Action, R.Mutation == Mutation, C.Duration == Duration {
    writeLine(
      RecordingFormat.header(
        reactor: RecordingFormat.reactorName(of: reactor), start: start, redaction: redaction))
    return events(redaction: redaction, clock: clock, writeLine: writeLine)
  }

  /// The recorder that writes each event as a line.
  private static func events<C: Clock>(
    redaction: Redaction, clock: C, writeLine: @escaping @Sendable (String) -> Void
  ) -> Self where C.Duration == Duration {
    Self(clock: clock) { event in
      switch event.kind {
      case .action(let action):
        writeLine(
          RecordingFormat.line(
            key: "action", value: action, source: nil, offset: event.offset, redaction: redaction
          ))
      case .mutation(let mutation, let source):
        writeLine(
          RecordingFormat.line(
            key: "mutation", value: mutation, source: source, offset: event.offset,
            redaction: redaction))
      case .redactedAction:
        break
      }
    }
  }
}
