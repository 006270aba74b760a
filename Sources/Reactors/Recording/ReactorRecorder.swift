/// Records a reactor's session: each action as sent and each mutation as reduced, in order, with
/// where the mutation came from and when, for a sink you supply.
///
/// Give it to the reactor's runtime. `jsonLines(for:redaction:clock:writeLine:)`, in the
/// `ReactorsRecording` library, writes a file that its `Recording` loads back, secrets redacted:
///
/// ```swift
/// final class SearchReactor: Reactor {
///   let runtime: Runtime
///   init(recorder: ReactorRecorder<Action, Mutation>? = nil) {
///     runtime = Runtime(diagnostics: nil, recorder: recorder)
///   }
/// }
/// let file = try FileHandle(forWritingTo: url)
/// let reactor = SearchReactor(
///   recorder: .jsonLines(for: SearchReactor.self) { file.write(Data(($0 + "\n").utf8)) })
/// ```
///
/// The sink is called synchronously, in order, on the thread that runs the reactor's step and
/// with no lock held, so it may do anything but block for long: the reactor waits for it.
public struct ReactorRecorder<Action: Sendable, Mutation: Sendable>: Sendable {
  let session: RecordingSession<Action, Mutation>

  /// Hands every event to `sink`, with the raw values; times count from this call.
  ///
  /// > Important: The values are not redacted: a sink that stores or prints them redacts the
  /// > secrets itself, as `jsonLines(for:redaction:clock:writeLine:)` does.
  ///
  /// - Parameters:
  ///   - clock: What times the events; a monotonic `ContinuousClock` by default, a `TestClock`
  ///     in tests.
  ///   - sink: Receives each event, in order.
  public init<C: Clock>(
    clock: C = ContinuousClock(),
    _ sink: @escaping @Sendable (RecordedEvent<Action, Mutation>) -> Void
  ) where C.Duration == Duration {
    let start = clock.now
    session = RecordingSession(elapsed: { start.duration(to: clock.now) }, sink: sink)
  }
}
