/// One line of a ``Frame``: runs of text, each with its own ``TextStyle``. The renderer cuts it
/// at the terminal's width and draws control characters as `�`, so text from the network cannot
/// move the cursor or restyle the screen.
public struct Line: Hashable, Sendable, ExpressibleByStringLiteral {
  /// A run of text in one style.
  struct Span: Hashable, Sendable {
    var text: String
    var style: TextStyle
  }

  /// The runs, left to right.
  private(set) var spans: [Span] = []

  /// Makes an empty line.
  public init() {}

  /// Makes a line of one run.
  public init(_ text: String, style: TextStyle = .plain) {
    append(text, style: style)
  }

  /// Makes a plain line from a literal.
  public init(stringLiteral text: String) {
    self.init(text)
  }

  /// Appends a run.
  public mutating func append(_ text: String, style: TextStyle = .plain) {
    spans.append(Span(text: text, style: style))
  }

  /// The text without styles.
  public var text: String {
    spans.map(\.text).joined()
  }

  /// The columns the line takes before any cut.
  public var displayWidth: Int {
    text.displayWidth
  }
}
