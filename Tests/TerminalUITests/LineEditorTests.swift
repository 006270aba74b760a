import TerminalUI
import Testing

@Suite(.timeLimit(.minutes(1)))
struct LineEditorTests {
  @Test func startsWithTheCursorAtTheEnd() {
    let editor = LineEditor(text: "名前")

    #expect(editor.cursor == 2)
  }

  @Test func insertsAtTheCursor() {
    var editor = LineEditor(text: "octcat")
    for key in [Key.home, .right, .right, .right] { editor.handle(key) }

    editor.insert("o")

    #expect(editor.text == "octocat")
    #expect(editor.cursor == 4)
  }

  @Test func deletesBackwardAndForwardByWholeCharacters() {
    var editor = LineEditor(text: "a名👨‍👩‍👧e\u{301}")

    editor.handle(.backspace)
    #expect(editor.text == "a名👨‍👩‍👧")
    editor.handle(.left)
    editor.handle(.delete)
    #expect(editor.text == "a名")
    editor.handle(.backspace)
    #expect(editor.text == "a")
    #expect(editor.cursor == 1)
  }

  @Test func deletingAtTheEdgesDoesNothing() {
    var editor = LineEditor(text: "ab")

    editor.handle(.delete)
    editor.handle(.home)
    editor.handle(.backspace)

    #expect(editor.text == "ab")
    #expect(editor.cursor == 0)
  }

  @Test func theCursorStaysWithinTheText() {
    var editor = LineEditor(text: "ab")

    editor.handle(.right)
    #expect(editor.cursor == 2)
    for _ in 0..<3 { editor.handle(.left) }
    #expect(editor.cursor == 0)
    editor.handle(.end)
    #expect(editor.cursor == 2)
  }

  @Test func aCombiningMarkJoinsTheCharacterBeforeIt() {
    var editor = LineEditor()

    editor.handle(.character("e"))
    editor.handle(.character("\u{301}"))

    #expect(editor.text == "é")
    #expect(editor.text.count == 1)
    #expect(editor.cursor == 1)
  }

  @Test func deletesTheWordBeforeTheCursor() {
    var editor = LineEditor(text: "swift  reactor  ")

    editor.handle(.control("w"))
    #expect(editor.text == "swift  ")
    editor.handle(.control("w"))
    #expect(editor.text == "")
  }

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
    editor.handle(.control("h"))
    editor.handle(.control("b"))
    editor.handle(.control("d"))
    #expect(editor.text == "one t")
    editor.handle(.control("b"))
    editor.handle(.control("u"))
    #expect(editor.text == "t")
    #expect(editor.cursor == 0)
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
