@_spi(Testing) import Reactors

/// A recorded session, step by step: every event with the state before and after it, for
/// walking through a recording back and forth.
///
/// It is built by replaying the recording's mutations with `Reactor/reduce(state:mutation:)`
/// alone: no `mutate`, no effects, no I/O, and the reactor itself is left as it was. An action
/// is a step too; it leaves the state as it was, and the mutations it led to follow it.
///
/// ```swift
/// let recording = try Recording<LoginReactor>(contentsOf: url)
/// let timeline = ReplayTimeline(recording, reactor: LoginReactor())
/// for step in timeline {
///   print(step.offset, step.isAction ? "action" : "mutation", step.description)
///   print(step.diff)
/// }
/// // 0.0 seconds action setUser("octocat")
/// //
/// // 0.0 seconds mutation setUser("octocat")
/// //   State(
/// // -   user: "",
/// // +   user: "octocat",
/// //     password: <redacted>
/// //   )
/// ```
///
/// Building a timeline reduces each mutation once and keeps the states; descriptions and diffs
/// are made when a step is read, so a long recording opens at once.
public struct ReplayTimeline<R: Reactor>: RandomAccessCollection, Sendable
where R.Action: Decodable, R.Mutation: Decodable {
  /// One recorded event replayed: what happened, when, and the state before and after it.
  public struct Step: Sendable {
    /// The recorded event: an action, a redacted action or a mutation, and its time.
    public let event: RecordedEvent<R.Action, R.Mutation>
    /// A one-line description of the action or mutation with its secrets redacted, without the
    /// words "action" or "mutation": `updateQuery("swift")`.
    public let description: String
    /// The state before the event.
    public let stateBefore: R.State
    /// The state after the event; an action leaves it as it was.
    public let state: R.State
    /// The rules that keep secrets out of ``diff``.
    private let redaction: Redaction

    init(
      event: RecordedEvent<R.Action, R.Mutation>, stateBefore: R.State, state: R.State,
      redaction: Redaction
    ) {
      self.event = event
      self.stateBefore = stateBefore
      self.state = state
      self.redaction = redaction
      description = Self.describe(event.kind, redaction: redaction)
    }

    /// When the event happened, from the start of the recording.
    public var offset: Duration { event.offset }

    /// Whether the event is an action, redacted or not, rather than a mutation.
    public var isAction: Bool {
      switch event.kind {
      case .action, .redactedAction: true
      case .mutation: false
      }
    }

    /// The line diff from ``stateBefore`` to ``state`` with secrets redacted (lines starting
    /// `- `, `+ ` or two spaces), or `""` when the step changed nothing that can be shown.
    ///
    /// It is computed each time it is read, so keep it if you read it more than once.
    public var diff: String {
      let before = ValueDump.lines(of: stateBefore, redaction: redaction)
      let after = ValueDump.lines(of: state, redaction: redaction)
      guard before != after else { return "" }
      return LineDiff.render(from: before, to: after)
    }

    /// The redacted one-line description of an event, its enum case's leading dot dropped.
    private static func describe(
      _ kind: RecordedEvent<R.Action, R.Mutation>.Kind, redaction: Redaction
    ) -> String {
      let text: String
      switch kind {
      case .action(let action): text = redaction.describe(action)
      case .redactedAction: return Redaction.marker
      case .mutation(let mutation, _): text = redaction.describe(mutation)
      }
      return text.hasPrefix(".") ? String(text.dropFirst()) : text
    }
  }

  /// The state before the first event: the reactor's initial state.
  public let initialState: R.State
  /// The recorded events, in order.
  private let events: [RecordedEvent<R.Action, R.Mutation>]
  /// The state after each event, one per event.
  private let states: [R.State]
  /// The rules that keep secrets out of the steps' descriptions and diffs.
  private let redaction: Redaction

  /// Replays `recording` with `reactor`'s `reduce`, from its initial state.
  ///
  /// - Parameters:
  ///   - recording: The recorded session.
  ///   - reactor: A reactor of the recorded type; only its `Reactor/initialState` and
  ///     `Reactor/reduce(state:mutation:)` are used.
  ///   - redaction: The rules that keep secrets out of descriptions and diffs.
  public init(_ recording: Recording<R>, reactor: R, redaction: Redaction = .default) {
    initialState = reactor.initialState
    events = recording.events
    self.redaction = redaction
    var state = initialState
    var states: [R.State] = []
    states.reserveCapacity(events.count)
    for event in events {
      if case .mutation(let mutation, _) = event.kind {
        state = reactor.reduce(state: state, mutation: mutation)
      }
      states.append(state)
    }
    self.states = states
  }

  /// The first step's position, 0.
  public var startIndex: Int { 0 }

  /// One past the last step's position: the number of events.
  public var endIndex: Int { events.count }

  /// The step at `position`, which must be in `0..<count`.
  public subscript(position: Int) -> Step {
    precondition(indices.contains(position), "ReplayTimeline: position \(position) out of range")
    return Step(
      event: events[position],
      stateBefore: position == 0 ? initialState : states[position - 1],
      state: states[position],
      redaction: redaction
    )
  }
}
