/// One line of a ``Frame``: runs of text, each with its own ``TextStyle``.
///
/// ```swift
/// var line: Line = "Username: "
/// line.append("octocat", style: .bold)
/// line.append("  ✓ available", style: .foreground(.green))
/// ```
///
/// The renderer cuts a line at the terminal's width (by display width) and shows control
/// characters as `�`, so text from the network cannot move the cursor or restyle the screen.
public struct Line: Hashable, Sendable, ExpressibleByStringLiteral {
  /// A run of text in one style.
  public struct Span: Hashable, Sendable {
    /// The text (on one line: line breaks are drawn as `�`).
    public var text: String
    /// Its style.
    public var style: TextStyle

    /// Makes a run.
    public init(_ text: String, style: TextStyle = .plain) {
      self.text = text
      self.style = style
    }
  }

  /// The runs, left to right.
  public var spans: [Span]

  /// Makes a line of `spans`.
  public init(_ spans: [Span] = []) {
    self.spans = spans
  }

  /// Makes a line of one run.
  public init(_ text: String, style: TextStyle = .plain) {
    self.spans = [Span(text, style: style)]
  }

  /// Makes a plain line from a literal.
  public init(stringLiteral text: String) {
    self.init(text)
  }

  /// Appends a run.
  public mutating func append(_ text: String, style: TextStyle = .plain) {
    spans.append(Span(text, style: style))
  }

  /// The text without styles.
  public var text: String {
    spans.map(\.text).joined()
  }

  /// The columns the line takes before any cut.
  public var displayWidth: Int {
    spans.reduce(0) { $0 + $1.text.displayWidth }
  }
}
