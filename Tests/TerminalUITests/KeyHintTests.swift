import Testing

@testable import TerminalUI

@Suite(.timeLimit(.minutes(1)))
struct KeyHintTests {
  let hints = [
    KeyHint("↑↓", "move", priority: 2), KeyHint("PgUp PgDn", "page", priority: 4),
    KeyHint("Enter", "details", priority: 1), KeyHint("Ctrl-R", "retry", priority: 1),
    KeyHint("Esc", "quit", priority: 0),
  ]

  @Test func allHintsShowInOrderWhenThereIsRoom() {
    #expect(
      KeyHint.line(hints, width: 100).text
        == "↑↓ move · PgUp PgDn page · Enter details · Ctrl-R retry · Esc quit")
  }

  @Test func theLeastImportantHintsGoFirstAndTheWayOutStays() {
    #expect(
      KeyHint.line(hints, width: 49).text == "↑↓ move · Enter details · Ctrl-R retry · Esc quit")
    #expect(KeyHint.line(hints, width: 40).text == "Enter details · Ctrl-R retry · Esc quit")
    // Of two hints as important, the first listed goes first.
    #expect(KeyHint.line(hints, width: 30).text == "Ctrl-R retry · Esc quit")
    #expect(KeyHint.line(hints, width: 20).text == "Esc quit")
  }

  @Test func aSingleHintTooWideIsCutWithAnEllipsis() {
    #expect(KeyHint.line(hints, width: 5).text == "Esc…")
    #expect(KeyHint.line([], width: 5).text == "")
  }
}
