/// How an interactive session ended, so that `main` ends the process the matching way once the
/// terminal is restored.
public enum SessionEnd: Sendable, Equatable {
  /// The person quit (Escape) or input ended: exit with status 0.
  case quit
  /// The person pressed Ctrl-C: end by `SIGINT`, as outside raw mode (130 in a shell).
  case interrupted
}
