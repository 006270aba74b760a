import TerminalUI
import Testing

@Suite(.timeLimit(.minutes(1)))
struct LineEditorTests {
  @Test func startsWithTheCursorAtTheEnd() {
    let editor = LineEditor(text: "名前")

    #expect(editor.cursor == 2)
    #expect(editor.cursorColumn == 4)
  }

  @Test func insertsAtTheCursor() {
    var editor = LineEditor(text: "octcat")
    editor.moveToStart()
    editor.moveRight()
    editor.moveRight()
    editor.moveRight()

    editor.insert("o")

    #expect(editor.text == "octocat")
    #expect(editor.cursor == 4)
  }

  @Test func deletesBackwardAndForwardByWholeCharacters() {
    var editor = LineEditor(text: "a名👨‍👩‍👧e\u{301}")

    editor.deleteBackward()
    #expect(editor.text == "a名👨‍👩‍👧")
    editor.moveLeft()
    editor.deleteForward()
    #expect(editor.text == "a名")
    editor.deleteBackward()
    #expect(editor.text == "a")
    #expect(editor.cursor == 1)
  }

  @Test func deletingAtTheEdgesDoesNothing() {
    var editor = LineEditor(text: "ab")

    editor.deleteForward()
    editor.moveToStart()
    editor.deleteBackward()

    #expect(editor.text == "ab")
    #expect(editor.cursor == 0)
  }

  @Test func theCursorStaysWithinTheText() {
    var editor = LineEditor(text: "ab")

    editor.moveRight()
    #expect(editor.cursor == 2)
    editor.moveLeft()
    editor.moveLeft()
    editor.moveLeft()
    #expect(editor.cursor == 0)
    editor.moveToEnd()
    #expect(editor.cursor == 2)
  }

  @Test func aCombiningMarkJoinsTheCharacterBeforeIt() {
    var editor = LineEditor()

    editor.insert("e")
    editor.insert("\u{301}")

    #expect(editor.text == "é")
    #expect(editor.text.count == 1)
    #expect(editor.cursor == 1)
    #expect(editor.cursorColumn == 1)
  }

  @Test func theCursorColumnCountsDisplayWidth() {
    var editor = LineEditor(text: "ab名前ｃ")
    #expect(editor.cursorColumn == 8)

    editor.moveLeft()
    editor.moveLeft()

    #expect(editor.cursorColumn == 4)
  }

  @Test func deletesToTheStartAndToTheEnd() {
    var editor = LineEditor(text: "hello world")
    editor.moveToStart()
    for _ in 0..<5 { editor.moveRight() }

    editor.deleteToEnd()
    #expect(editor.text == "hello")
    editor.moveLeft()
    editor.deleteToStart()
    #expect(editor.text == "o")
    #expect(editor.cursor == 0)
  }

  @Test func deletesTheWordBeforeTheCursor() {
    var editor = LineEditor(text: "swift  reactor  ")

    editor.deleteWordBackward()
    #expect(editor.text == "swift  ")
    editor.deleteWordBackward()
    #expect(editor.text == "")
  }
}
