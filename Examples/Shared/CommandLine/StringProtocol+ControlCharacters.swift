extension StringProtocol {
  /// The text with each ``Swift/Unicode/Scalar/isTerminalControl`` character written as a Swift
  /// escape (`\u{1B}`), so that printing it shows it instead of obeying it.
  ///
  /// ```swift
  /// "evil\u{1B}[2Jname".escapingControlCharacters   // #"evil\u{1B}[2Jname"#
  /// ```
  public var escapingControlCharacters: String {
    var result = ""
    for scalar in unicodeScalars {
      if scalar.isTerminalControl {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether any character is a ``Swift/Unicode/Scalar/isTerminalControl`` one.
  public var containsControlCharacters: Bool {
    unicodeScalars.contains(where: \.isTerminalControl)
  }
}
