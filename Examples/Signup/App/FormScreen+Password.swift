import SignupKit
import TerminalUI

/// The lines under the masked fields: the password's verdict and checklist, the repeat's verdict.
extension FormScreen {
  /// The password's verdict on one line, then the checklist: one line per alternative of the
  /// policy (`or` before each after the first), wrapped between items at narrow widths. The
  /// checklist spells out what a failure needs, so the verdict only points at it.
  func passwordLines(width columns: Int) -> [Line] {
    let alternatives = state.passwordAlternatives
    var verdict = Line(Self.indent)
    switch state.passwordValidation {
    case .empty, .validating:
      break
    case .ok(let message):
      verdict.append("✓ " + message, style: .foreground(.green))
    case .failed:
      verdict.append(
        alternatives.count > 1 ? "✗ Needs one of:" : "✗ Needs:", style: .foreground(.red))
    }
    let isAccepted = state.passwordValidation.isValid
    // Under the field's text when there is room; further left in a narrow window, so that each
    // requirement fits on a line.
    let itemIndent = String(repeating: " ", count: max(2, min(Self.labelWidth + 2, columns - 36)))
    var lines = [verdict.truncated(toDisplayWidth: columns)]
    for (index, alternative) in alternatives.enumerated() {
      let lead = index == 0 ? "" : "or "
      var line = Line(itemIndent + lead, style: .dim)
      var used = line.displayWidth
      for (position, check) in alternative.enumerated() {
        let mark = SignupTextRenderer.mark(check, isAccepted: isAccepted)
        let text = check.description + (position < alternative.count - 1 ? "," : "")
        if position > 0 && used + 1 + 2 + text.displayWidth > columns {
          lines.append(line)
          line = Line(itemIndent + String(repeating: " ", count: lead.count))
          used = line.displayWidth
        } else if position > 0 {
          line.append(" ")
          used += 1
        }
        let markStyle: TextStyle =
          switch mark {
          case "✓": .foreground(.green)
          case "✗" where !password.text.isEmpty: .foreground(.red)
          default: .dim
          }
        line.append(mark + " ", style: markStyle)
        line.append(text, style: check.isMet ? .plain : .dim)
        used += 2 + text.displayWidth
      }
      lines.append(line)
    }
    return lines
  }

  /// The repeat's verdict on one line. A mismatch waits while the repeat is being typed and is
  /// still shorter than the password: it shows once the repeat is as long, or on leaving it.
  func repeatLine(width: Int) -> Line {
    let isIncomplete =
      focus == .repeatedPassword && repeatedPassword.text.count < password.text.count
    var line = Line(Self.indent)
    switch state.repeatedPasswordValidation {
    case .ok(let message): line.append("✓ " + message, style: .foreground(.green))
    case .failed(let message) where !isIncomplete:
      line.append("✗ " + message, style: .foreground(.red))
    case .empty, .validating, .failed: break
    }
    return line.truncated(toDisplayWidth: width)
  }
}
