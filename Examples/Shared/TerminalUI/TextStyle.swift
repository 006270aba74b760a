/// How a run of text is drawn: weight, colors, inversion.
///
/// ```swift
/// let error = TextStyle(foreground: .red, bold: true)
/// let selected = TextStyle.inverse
/// ```
public struct TextStyle: Hashable, Sendable {
  /// A terminal color.
  public enum Color: Hashable, Sendable {
    /// Black.
    case black
    /// Red.
    case red
    /// Green.
    case green
    /// Yellow.
    case yellow
    /// Blue.
    case blue
    /// Magenta.
    case magenta
    /// Cyan.
    case cyan
    /// White.
    case white
    /// Bright black, shown as gray by most terminals.
    case gray
    /// A color of the 256-color palette.
    case palette(UInt8)
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
  /// The background color, or `nil` for the terminal's default.
  public var background: Color?

  /// Makes a style; every attribute is off by default.
  public init(
    foreground: Color? = nil, background: Color? = nil, bold: Bool = false, dim: Bool = false,
    underline: Bool = false, inverse: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
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
    if let foreground { codes.append(foreground.code(base: 30)) }
    if let background { codes.append(background.code(base: 40)) }
    return codes.isEmpty ? "" : "\u{1B}[" + codes.joined(separator: ";") + "m"
  }
}

extension TextStyle.Color {
  /// The SGR parameter for this color as a foreground (`base` 30) or background (40).
  fileprivate func code(base: Int) -> String {
    switch self {
    case .black: "\(base)"
    case .red: "\(base + 1)"
    case .green: "\(base + 2)"
    case .yellow: "\(base + 3)"
    case .blue: "\(base + 4)"
    case .magenta: "\(base + 5)"
    case .cyan: "\(base + 6)"
    case .white: "\(base + 7)"
    case .gray: "\(base + 60)"
    case .palette(let index): "\(base + 8);5;\(index)"
    }
  }
}
