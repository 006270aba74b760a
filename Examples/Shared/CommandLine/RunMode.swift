import Foundation

/// How an example runs when no one-shot query was given: a script, or the interactive UI.
///
/// `--script FILE` runs FILE (`-` standard input); otherwise a terminal on both standard input
/// and output opens the interactive UI, and standard input that is not a terminal is the script.
public enum RunMode: Sendable, Equatable {
  /// Run the script at the path, or on standard input when it is `nil`.
  case script(path: String?)
  /// Open the interactive UI.
  case interactive

  /// The mode for `--script` (its value, or `nil` when absent), `--json`, and the descriptors
  /// at hand.
  ///
  /// - Throws: ``UsageError`` when standard input is a terminal and standard output is not: the
  ///   UI would be drawn into a file; and for `--json` in the interactive mode, which draws a
  ///   screen, not JSON lines.
  public static func choose(
    scriptPath: String?, json: Bool = false, input: Int32 = STDIN_FILENO,
    output: Int32 = STDOUT_FILENO
  ) throws(UsageError) -> RunMode {
    if let scriptPath { return .script(path: scriptPath == "-" ? nil : scriptPath) }
    guard isatty(input) == 1 else { return .script(path: nil) }
    guard isatty(output) == 1 else {
      throw UsageError(
        "the interactive mode needs a terminal on standard output; "
          + "give --script FILE, or --script - to type commands")
    }
    guard !json else {
      throw UsageError(
        "--json prints JSON lines, which the interactive mode does not; "
          + "give --script FILE, or --script - to type commands")
    }
    return .interactive
  }
}
