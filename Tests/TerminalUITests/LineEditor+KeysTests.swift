import TerminalUI
import Testing

@Suite(.timeLimit(.minutes(1)))
struct LineEditorKeysTests {
  @Test func editingKeysEditAndReportThatTheyWereUsed() {
    var editor = LineEditor()
    let keys: [Key] = [
      .character("a"), .character("名"), .character("c"), .left, .backspace, .home, .delete,
      .end, .character("d"), .control("a"), .control("f"), .character("-"),
    ]

    let used = keys.map { editor.handle($0) }

    #expect(used.allSatisfy { $0 })
    #expect(editor.text == "c-d")
    #expect(editor.cursor == 2)
  }

  @Test func controlKeysDeleteLikeAShell() {
    var editor = LineEditor(text: "one two three")

    editor.handle(.control("w"))
    #expect(editor.text == "one two ")
    editor.handle(.control("b"))
    editor.handle(.control("k"))
    #expect(editor.text == "one two")
    editor.handle(.control("u"))
    #expect(editor.text == "")
  }

  @Test(arguments: [
    Key.enter, .tab, .shiftTab, .up, .down, .escape, .pageUp, .pageDown, .control("c"),
  ])
  func otherKeysAreLeftToTheApp(key: Key) {
    var editor = LineEditor(text: "x")

    #expect(editor.handle(key) == false)
    #expect(editor == LineEditor(text: "x"))
  }
}
