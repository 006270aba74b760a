extension ReactorDiagnostics {
  /// Writes each action, and the line diff of each state change, to standard error, with secrets
  /// redacted; a mutation that leaves the state as it was prints nothing.
  ///
  /// ```
  /// [LoginReactor] action .setUser("octocat")
  /// [LoginReactor] mutation .setUser("octocat")
  ///   State(
  /// -   user: "",
  /// +   user: "octocat",
  ///     password: <redacted>,
  ///     attempts: 0
  ///   )
  /// ```
  ///
  /// The diff is the one `TestStore` shows when a state differs from what a test expected. A
  /// field whose name marks it as a secret prints as `<redacted>`, so a change to it alone prints
  /// nothing.
  public static func printChanges(label: String? = nil, redaction: Redaction = .default) -> Self {
    printingChanges(label: label, redaction: redaction, to: writeToStandardError)
  }

  /// What ``printChanges(label:redaction:)`` does, writing each entry to `write`.
  static func printingChanges(
    label: String?, redaction: Redaction, to write: @escaping @Sendable (String) -> Void
  ) -> Self {
    let prefix = "[\(label ?? String(describing: Action.self))] "
    let log = Locked<ChangeLog>.make(ChangeLog())
    return Self(
      redaction: redaction,
      start: { state in
        let text = ValueDump.lines(of: state, redaction: redaction)
        log.withLock { $0.state = text }
      }
    ) { event in
      switch event.kind {
      case .action, .effectFailed:
        write(prefix + event.description + "\n")
      case .mutation(let mutation):
        let text = redaction.describe(mutation)
        log.withLock { $0.mutation = text }
      case .state(let state):
        let text = ValueDump.lines(of: state, redaction: redaction)
        let (previous, mutation) = log.withLock { log in
          defer { (log.state, log.mutation) = (text, nil) }
          return (log.state, log.mutation)
        }
        guard previous != text else { return }
        let diff =
          previous.map { LineDiff.render(from: $0, to: text) }
          ?? text.split(separator: "\n").map { "+ " + $0 }.joined(separator: "\n")
        let header = prefix + (mutation.map { "mutation \($0)" } ?? "state")
        // One write per entry, so that entries of reactors on other threads never interleave.
        write(header + "\n" + diff + "\n")
      }
    }
  }
}

/// What a change log remembers between events: the last state's dump, and the mutation about to
/// be reduced.
private struct ChangeLog: Sendable {
  var state: String?
  var mutation: String?
}
