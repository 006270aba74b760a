#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// An opt-in hook that sees every action, mutation, state and effect error of a reactor.
///
/// Pass it to the runtime: `let runtime = Runtime(diagnostics: .print())`. Descriptions are
/// redacted: a field or case whose name mentions a password, token or other secret prints as
/// `<redacted>` (see ``Redaction``).
///
/// ```
/// [SignupReactor] action .updatePassword(<redacted>)
/// [SignupReactor] state State(username: "octocat", password: <redacted>, canSignUp: false)
/// ```
public struct ReactorDiagnostics<Action: Sendable, Mutation: Sendable, State: Sendable>: Sendable {
  /// The rules that ``DiagnosticEvent/description`` applies.
  public let redaction: Redaction
  let handler: @Sendable (DiagnosticEvent<Action, Mutation, State>) -> Void
  /// Told the initial state when the reactor reads it, for hooks that compare states.
  let start: (@Sendable (State) -> Void)?

  /// Calls `handler` with every event.
  ///
  /// The event carries the raw values for programmatic use; its `description` is redacted.
  public init(
    redaction: Redaction = .default,
    _ handler: @escaping @Sendable (DiagnosticEvent<Action, Mutation, State>) -> Void
  ) {
    self.init(redaction: redaction, start: nil, handler)
  }

  init(
    redaction: Redaction, start: (@Sendable (State) -> Void)?,
    _ handler: @escaping @Sendable (DiagnosticEvent<Action, Mutation, State>) -> Void
  ) {
    self.redaction = redaction
    self.start = start
    self.handler = handler
  }

  /// Writes one redacted line per event to standard error, prefixed with `label`.
  public static func print(label: String? = nil, redaction: Redaction = .default) -> Self {
    printing(label: label, redaction: redaction, to: writeToStandardError)
  }

  /// What ``print(label:redaction:)`` does, writing each line to `write`.
  static func printing(
    label: String?, redaction: Redaction, to write: @escaping @Sendable (String) -> Void
  ) -> Self {
    let prefix = "[\(label ?? String(describing: Action.self))] "
    return Self(redaction: redaction) { event in
      write(prefix + event.description + "\n")
    }
  }

  func report(_ kind: DiagnosticEvent<Action, Mutation, State>.Kind) {
    handler(DiagnosticEvent(kind: kind, redaction: redaction))
  }
}

/// One thing a reactor did, as seen by ``ReactorDiagnostics``.
public struct DiagnosticEvent<Action: Sendable, Mutation: Sendable, State: Sendable>: Sendable,
  CustomStringConvertible
{
  /// What happened.
  public enum Kind: Sendable {
    /// An action reached `mutate` (after `transform(action:)`).
    case action(Action)
    /// A mutation reached `reduce` (after `transform(mutation:)`).
    case mutation(Mutation)
    /// `reduce` produced a new state.
    case state(State)
    /// An effect threw and had no error handler; the error was dropped.
    case effectFailed(any Error)
  }

  /// What happened, with the raw values.
  public let kind: Kind
  /// The rules applied by ``description``.
  public let redaction: Redaction

  /// A one-line description with secrets redacted.
  public var description: String {
    switch kind {
    case .action(let action): "action \(redaction.describe(action))"
    case .mutation(let mutation): "mutation \(redaction.describe(mutation))"
    case .state(let state): "state \(redaction.describe(state))"
    case .effectFailed(let error): "effect failed \(redaction.describe(error))"
    }
  }
}

func writeToStandardError(_ text: String) {
  var text = text
  text.withUTF8 { bytes in
    var offset = 0
    while offset < bytes.count {
      let written = write(2, bytes.baseAddress! + offset, bytes.count - offset)
      if written <= 0 { return }
      offset += written
    }
  }
}
