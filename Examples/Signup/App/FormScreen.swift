import SignupKit
import TerminalUI

/// The interactive form as a ``Frame``: what the reactor's state and the screen's own state (the
/// editors, the focus, the spinner, the announced outcome) look like at a given width.
struct FormScreen {
  var state: SignupReactor.State
  var username = LineEditor()
  var password = LineEditor()
  var repeatedPassword = LineEditor()
  var focus = FormFocus.username
  var spinner = Spinner()
  /// The last sign-up outcome, shown until the form is edited again.
  var announcement: SignupOutcome?
  /// A one-off hint under the button, such as why pressing it did nothing.
  var hint: String?
  var usernameSource: String
  var signupService: String

  /// Whether something is in flight, so the spinner should turn.
  var isBusy: Bool {
    state.usernameValidation == .validating || state.isSigningUp
  }

  private static let labelWidth = 19
  private static let indent = String(repeating: " ", count: labelWidth)

  /// The frame for a terminal `columns` wide; the cursor sits in the focused field.
  func frame(columns: Int) -> Frame {
    let fieldWidth = max(8, min(40, columns - Self.labelWidth - 3))
    var frame = Frame()
    var title = Line("  Create your account", style: .bold)
    title.append("   Reactors example: SignupReactor", style: .dim)
    frame.append(title)
    frame.append("")

    let textWidth = max(20, columns - Self.labelWidth - 1)
    field("Username", editor: username, mask: nil, focus: .username, width: fieldWidth, in: &frame)
    frame.lines += verdictLines(state.usernameValidation, width: textWidth)
    frame.append("")

    field("Password", editor: password, mask: "•", focus: .password, width: fieldWidth, in: &frame)
    frame.lines += verdictLines(state.passwordValidation, width: textWidth)
    for check in state.passwordChecklist {
      var line = Line(Self.indent + "  ")
      line.append(check.isMet ? "✓ " : "✗ ", style: .foreground(check.isMet ? .green : .red))
      line.append(check.description, style: check.isMet ? .dim : .plain)
      frame.append(line)
    }
    frame.append("")

    field(
      "Repeat password", editor: repeatedPassword, mask: "•", focus: .repeatedPassword,
      width: fieldWidth, in: &frame)
    frame.lines += verdictLines(state.repeatedPasswordValidation, width: textWidth)
    frame.append("")

    frame.append(buttonLine())
    frame.lines += announcementLines(width: textWidth)
    frame.append("")
    frame.append(Line("  Tab/Shift-Tab: move · Enter: next, or sign up · Esc: quit", style: .dim))
    frame.append(Line("  usernames: \(usernameSource)", style: .dim))
    frame.append(Line("  sign-up service: \(signupService)", style: .dim))

    if let row = cursorRow(in: frame) {
      let editor = editor(for: focus)
      let (_, column) = editor.visibleText(width: fieldWidth, mask: focus == .username ? nil : "•")
      frame.cursor = Frame.Cursor(row: row, column: Self.labelWidth + 1 + column)
    }
    return frame
  }

  private func field(
    _ label: String, editor: LineEditor, mask: Character?, focus field: FormFocus, width: Int,
    in frame: inout Frame
  ) {
    let isFocused = focus == field
    var line = Line(isFocused ? "› " : "  ", style: .foreground(.cyan))
    line.append(
      label.padded(toDisplayWidth: Self.labelWidth - 2),
      style: isFocused ? .bold : .plain)
    let (shown, _) = editor.visibleText(width: width, mask: mask)
    line.append("[", style: .dim)
    line.append(
      shown.padded(toDisplayWidth: width), style: isFocused ? TextStyle(underline: true) : .plain)
    line.append("]", style: .dim)
    frame.append(line)
  }

  /// A field's verdict under it, wrapped to `width`; one blank line for no verdict.
  private func verdictLines(_ validation: ValidationResult, width: Int) -> [Line] {
    switch validation {
    case .empty:
      [""]
    case .validating:
      indented([spinner.frame + " checking availability…"], style: .foreground(.yellow))
    case .ok(let message):
      indented(wrapped("✓ " + message, width: width), style: .foreground(.green))
    case .failed(let message):
      indented(wrapped("✗ " + message, width: width), style: .foreground(.red))
    }
  }

  private func buttonLine() -> Line {
    var line = Line(String(repeating: " ", count: Self.labelWidth - 2))
    line.append(focus == .signUpButton ? "› " : "  ", style: .foreground(.cyan))
    let style: TextStyle =
      if focus == .signUpButton {
        state.canSignUp || state.isSigningUp ? .inverse : TextStyle(dim: true, inverse: true)
      } else {
        state.canSignUp ? .bold : .dim
      }
    line.append("[ Sign up ]", style: style)
    if state.isSigningUp {
      line.append("  " + spinner.frame + " signing up (simulated)…", style: .foreground(.yellow))
    } else if let hint {
      line.append("  " + hint, style: .foreground(.yellow))
    } else if !state.canSignUp {
      line.append("  every field needs a ✓ first", style: .dim)
    }
    return line
  }

  /// The announced outcome under the button, wrapped to `width`; one blank line for none.
  private func announcementLines(width: Int) -> [Line] {
    switch announcement {
    case .succeeded(let message)?:
      indented(wrapped("✓ " + message + " (simulated)", width: width), style: .foreground(.green))
    case .failed(let message)?:
      indented(wrapped("✗ " + message, width: width), style: .foreground(.red))
    case nil:
      [""]
    }
  }

  private func indented(_ texts: [String], style: TextStyle) -> [Line] {
    texts.map { text in
      var line = Line(Self.indent)
      line.append(text, style: style)
      return line
    }
  }

  /// `text` broken at spaces into lines at most `width` columns wide, continuation lines
  /// indented by two columns to sit under the text after the `✓ ` or `✗ `.
  private func wrapped(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      let candidate = current.isEmpty ? String(word) : current + " " + word
      if candidate.displayWidth > width && !current.isEmpty {
        lines.append(current)
        current = "  " + word
      } else {
        current = candidate
      }
    }
    lines.append(current)
    return lines
  }

  private func editor(for focus: FormFocus) -> LineEditor {
    switch focus {
    case .username: username
    case .password: password
    case .repeatedPassword, .signUpButton: repeatedPassword
    }
  }

  /// The row of the focused field, found by its marker; `nil` on the button (no cursor).
  private func cursorRow(in frame: Frame) -> Int? {
    guard focus != .signUpButton else { return nil }
    return frame.lines.firstIndex { $0.text.hasPrefix("› ") }
  }
}
