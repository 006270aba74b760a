import SignupKit
import TerminalUI

/// The interactive form as a ``Frame``: what the reactor's state and the screen's own state (the
/// editors, the focus, the spinner, the announced outcome) look like in a window of a given size.
///
/// The key hints always show (unless `hasHints` is off, in a replay), on the last row, and so
/// does the focused field with its verdict: a window too short for the whole form scrolls it to
/// the focused part. Every block keeps its height while typing (the password's verdict is one
/// line, its checklist one line per alternative of the policy), so the fields below never jump.
struct FormScreen {
  var state: SignupReactor.State
  var username = LineEditor()
  var password = LineEditor()
  var repeatedPassword = LineEditor()
  var focus = FormFocus.username
  var spinner = Spinner()
  /// The last sign-up outcome, shown until the form is edited again or the next sign-up starts.
  var announcement: SignupOutcome?
  /// A one-off hint beside the button, why pressing it did nothing, shown while it is true.
  var hint: String?
  /// Whether the key hints show; a replay leaves them out, as its keys are not the form's.
  var hasHints = true
  /// What the saved state's file had to say (moved aside, not saved), under the title until the
  /// next key.
  var notice: String?
  var usernameSource: String
  var signupService: String

  /// Whether something is in flight, so the spinner should turn.
  var isBusy: Bool {
    state.usernameValidation == .validating || state.isSigningUp
  }

  static let labelWidth = 19
  static let indent = String(repeating: " ", count: labelWidth)

  /// The frame for a terminal `columns` wide and `rows` high; the cursor sits in the focused
  /// field.
  func frame(columns: Int, rows: Int) -> Frame {
    let fieldWidth = max(8, min(40, columns - Self.labelWidth - 3))
    let textWidth = max(20, columns - Self.labelWidth - 1)
    var body: [Line] = []
    var focused = 0..<0
    func add(_ stop: FormFocus, _ lines: [Line]) {
      if stop == focus { focused = body.count..<(body.count + lines.count) }
      body += lines + [""]
    }

    var title = Line("  Create your account", style: .bold)
    // The subtitle only whole: cut at the window's edge, it would read as a broken word.
    let subtitle = "   Reactors example: SignupReactor"
    if title.displayWidth + subtitle.displayWidth <= columns { title.append(subtitle, style: .dim) }
    body += [title, ""]
    if let notice {
      let lines = ("! " + notice.escapingControlCharacters)
        .wrapped(toDisplayWidth: max(20, columns - 2), continuationIndent: 2)
      body += lines.map { Line("  " + $0, style: .foreground(.yellow)) } + [""]
    }
    // A restored draft is said beside its field, or under its verdict when the window is too
    // narrow for that.
    let besideRoom = columns - Self.labelWidth - fieldWidth - 2
    let restoredUnder =
      state.isUsernameRestored && Self.restoredNote(room: besideRoom) == nil
      ? indented(["restored from your last run"], style: .dim) : []
    add(
      .username,
      [
        field(
          "Username", editor: username, mask: nil, focus: .username, width: fieldWidth,
          columns: columns)
      ]
        + verdictLines(state.usernameValidation, width: textWidth) + restoredUnder)
    add(
      .password,
      [field("Password", editor: password, mask: "•", focus: .password, width: fieldWidth)]
        + passwordLines(width: columns))
    add(
      .repeatedPassword,
      [
        field(
          "Repeat password", editor: repeatedPassword, mask: "•", focus: .repeatedPassword,
          width: fieldWidth)
      ] + [repeatLine(width: columns)])
    add(.signUpButton, [buttonLine(width: columns)] + announcementLines(width: textWidth))

    let hints = hasHints ? [hintLine(width: columns)] : []
    let details = [
      Line("  usernames: \(usernameSource)", style: .dim),
      Line("  sign-up service: \(signupService)", style: .dim),
    ]
    var frame = Frame()
    var top = 0
    if body.count + hints.count + details.count <= rows {
      frame.lines = body + hints + details
    } else {
      // Too short for everything: the hints take the last row, the form scrolls above them.
      let visible = max(0, rows - hints.count)
      top = Self.scrollOffset(showing: focused, of: body.count, in: visible)
      frame.lines = Array(body[top..<min(body.count, top + visible)]) + hints
    }
    if focus != .signUpButton {
      let editor = editor(for: focus)
      let (_, column) = editor.visibleText(width: fieldWidth, mask: focus == .username ? nil : "•")
      frame.cursor = Frame.Cursor(
        row: focused.lowerBound - top, column: Self.labelWidth + 1 + column)
    }
    return frame
  }

  /// The first line to show of `count` lines in a window of `visible` rows, so that the
  /// `focused` lines show: the top of the form when they fit there, else the least scroll that
  /// brings their end into view, never past their first line.
  static func scrollOffset(showing focused: Range<Int>, of count: Int, in visible: Int) -> Int {
    guard focused.upperBound > visible else { return 0 }
    return max(0, min(focused.lowerBound, focused.upperBound - visible, count - visible))
  }

  /// A field's line: its label and its text in brackets `width` wide, in a window `columns`
  /// wide; the username says beside it when it is the draft restored from the last run.
  private func field(
    _ label: String, editor: LineEditor, mask: Character?, focus field: FormFocus, width: Int,
    columns: Int = 0
  ) -> Line {
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
    if field == .username, state.isUsernameRestored,
      let note = Self.restoredNote(room: columns - line.displayWidth)
    {
      line.append(note, style: .dim)
    }
    return line
  }

  /// What says beside the username field that its draft came from the last run, the longest
  /// that fits whole in `room` columns; `nil` when none does.
  static func restoredNote(room: Int) -> String? {
    ["  restored from your last run", "  restored"].first { $0.displayWidth <= room }
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

  private func buttonLine(width: Int) -> Line {
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
    } else if state.isSignedUp {
      // The longest that fits: beside the button, 80 columns leave 50.
      let room = width - line.displayWidth
      let next = [
        "  signed up · type another username for another account",
        "  signed up · a new username for another account", "  signed up",
      ]
      line.append(next.first { $0.displayWidth <= room } ?? "  signed up", style: .dim)
    } else if let hint, !state.canSignUp {
      // Said of a press while a check was still running: once every field has its ✓, the
      // hint would contradict the form above it.
      line.append("  " + hint, style: .foreground(.yellow))
    } else if !state.canSignUp {
      line.append("  every field needs a ✓ first", style: .dim)
    }
    return line.truncated(toDisplayWidth: width)
  }

  /// The announced outcome under the button, wrapped to `width`; one blank line for none.
  private func announcementLines(width: Int) -> [Line] {
    guard let announcement else { return [""] }
    let text = SignupTextRenderer.announcement(announcement, isSimulated: true)
    let color: TextStyle.Color = if case .succeeded = announcement { .green } else { .red }
    return indented(wrapped(text, width: width), style: .foreground(color))
  }

  /// The key hints for the focused stop, the least important left out when the window is
  /// narrow; how to leave always shows. On a field Enter only does what Tab does, so Tab's hint,
  /// which also says how to go back, outlasts it; on the button, pressing it matters most.
  private func hintLine(width: Int) -> Line {
    var hints = [KeyHint("Tab/Shift-Tab", "move", priority: focus == .signUpButton ? 2 : 1)]
    if focus != .signUpButton {
      hints.append(KeyHint("Enter", "next", priority: 2))
    } else if !state.isSignedUp && !state.isSigningUp {
      // While a sign-up runs, and on a finished form, the button does nothing: Enter is not
      // offered.
      hints.append(KeyHint("Enter", "sign up", priority: 1))
    }
    hints.append(KeyHint("Esc", "quit", priority: 0))
    return Line("  " + KeyHint.line(hints, width: max(0, width - 2)).text, style: .dim)
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
    text.wrapped(toDisplayWidth: max(width, 1), continuationIndent: 2)
  }

  private func editor(for focus: FormFocus) -> LineEditor {
    switch focus {
    case .username: username
    case .password: password
    case .repeatedPassword, .signUpButton: repeatedPassword
    }
  }
}
