/// How a run of text is drawn: weight, color, underline, inversion.
public struct TextStyle: Hashable, Sendable {
  /// A terminal color: the few the examples use, from the basic eight.
  public enum Color: Int, Hashable, Sendable {
    /// The basic colors, numbered as in their escape sequences.
    case red = 1, green = 2, yellow = 3, cyan = 6
  }

  /// Bold (or bright) text.
  public var bold: Bool
  /// Dim (faint) text.
  public var dim: Bool
  /// Underlined text.
  public var underline: Bool
  /// Foreground and background swapped.
  public var inverse: Bool
  /// The text color, or `nil` for the terminal's default.
  public var foreground: Color?

  /// Makes a style; every attribute is off by default.
  public init(
    foreground: Color? = nil, bold: Bool = false, dim: Bool = false, underline: Bool = false,
    inverse: Bool = false
  ) {
    (self.foreground, self.bold, self.dim) = (foreground, bold, dim)
    (self.underline, self.inverse) = (underline, inverse)
  }

  /// The terminal's default look.
  public static let plain = TextStyle()
  /// Bold text.
  public static let bold = TextStyle(bold: true)
  /// Dim text.
  public static let dim = TextStyle(dim: true)
  /// Inverse video, for a selected row or a focused button.
  public static let inverse = TextStyle(inverse: true)

  /// Text in `color`.
  public static func foreground(_ color: Color) -> TextStyle {
    TextStyle(foreground: color)
  }

  /// The SGR escape sequence that selects this style from the default one (empty for plain).
  var selectGraphicRendition: String {
    let codes =
      [(bold, "1"), (dim, "2"), (underline, "4"), (inverse, "7")].filter(\.0).map(\.1)
      + (foreground.map { ["\(30 + $0.rawValue)"] } ?? [])
    return codes.isEmpty ? "" : "\u{1B}[" + codes.joined(separator: ";") + "m"
  }
}
