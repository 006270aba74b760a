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

  /// The line cut to `width` columns, ending with `ellipsis` (in the style of the run it cuts,
  /// right after the last character kept) when it had to be cut, so that a person sees that
  /// something is missing.
  ///
  /// ```swift
  /// Line("1210 repositories · 30 loaded").truncated(toDisplayWidth: 20)  // "1210 repositories ·…"
  /// ```
  public func truncated(toDisplayWidth width: Int, ellipsis: String = "…") -> Line {
    guard displayWidth > width else { return self }
    var result = Line()
    var room = width
    for span in spans {
      if span.text.displayWidth <= room - ellipsis.displayWidth {
        result.append(span.text, style: span.style)
        room -= span.text.displayWidth
        continue
      }
      // This run is cut (or ends exactly where the ellipsis must go).
      var kept = span.text.truncated(toDisplayWidth: max(0, room - ellipsis.displayWidth))
      while kept.last == " " { kept.removeLast() }  // "GitHub…", not "GitHub …".
      if room >= ellipsis.displayWidth { result.append(kept + ellipsis, style: span.style) }
      break
    }
    return result
  }
}
