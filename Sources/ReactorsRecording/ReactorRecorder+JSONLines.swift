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
    return Self(clock: clock) { event in
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
