/// How a run of text is drawn: weight, color, underline, inversion.
///
/// ```swift
/// let error = TextStyle(foreground: .red, bold: true)
/// let selected = TextStyle.inverse
/// ```
public struct TextStyle: Hashable, Sendable {
  /// A terminal color: the few the examples use, each from the basic eight.
  public enum Color: Int, Hashable, Sendable {
    /// Red.
    case red = 1
    /// Green.
    case green = 2
    /// Yellow.
    case yellow = 3
    /// Cyan.
    case cyan = 6
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
    self.foreground = foreground
    self.bold = bold
    self.dim = dim
    self.underline = underline
    self.inverse = inverse
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
    var codes: [String] = []
    if bold { codes.append("1") }
    if dim { codes.append("2") }
    if underline { codes.append("4") }
    if inverse { codes.append("7") }
    if let foreground { codes.append(String(30 + foreground.rawValue)) }
    return codes.isEmpty ? "" : "\u{1B}[" + codes.joined(separator: ";") + "m"
  }
}
