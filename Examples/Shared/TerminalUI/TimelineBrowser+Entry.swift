/// One event of a recorded session as ``TimelineBrowser`` shows it: when it happened, whether it
/// was an action, a one-line label and the line diff of the state it changed.
///
/// ```swift
/// TimelineEntry(
///   offset: .milliseconds(12_345), isAction: true, label: #"action updateQuery("swift")"#,
///   diff: "")
/// ```
public struct TimelineEntry: Sendable {
  /// When the event happened, from the start of the recording.
  public var offset: Duration
  /// Whether the event is an action (rather than a mutation): Shift-← and Shift-→ stop on these.
  public var isAction: Bool
  /// The event in one line, as the event list shows it: `mutation setResults(30 repositories)`.
  public var label: String
  /// What the event changed in the state: lines starting `- `, `+ ` or two spaces, or `""`.
  public var diff: String

  /// Makes an entry.
  public init(offset: Duration, isAction: Bool, label: String, diff: String) {
    (self.offset, self.isAction, self.label, self.diff) = (offset, isAction, label, diff)
  }

  /// The offset in seconds with milliseconds, `12.345 s`; a negative offset shows as `0.000 s`.
  var offsetText: String {
    let (seconds, attoseconds) = offset.components
    guard seconds >= 0, attoseconds >= 0 else { return "0.000 s" }
    let milliseconds = String(attoseconds / 1_000_000_000_000_000)
    return "\(seconds)." + String(repeating: "0", count: 3 - milliseconds.count) + milliseconds
      + " s"
  }
}
